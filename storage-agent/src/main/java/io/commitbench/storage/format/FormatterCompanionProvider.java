package io.commitbench.storage.format;

import io.commitbench.core.companion.CompanionContext;
import io.commitbench.core.companion.CompanionRefusedException;
import io.commitbench.core.companion.RunCompanion;
import io.commitbench.core.companion.RunCompanionProvider;
import io.commitbench.core.key.Key;
import io.commitbench.core.workload.WorkloadSettings;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.plan.RefusedException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The log formatter as a run companion: its keys ({@code storage.format.*}) belong to the storage
 * agent, and a run that names an arm gets that arm's formatter of its database kind beside the
 * workload.
 */
public final class FormatterCompanionProvider implements RunCompanionProvider {

  public static final String ARM = "storage.format.arm";
  public static final String POLL = "storage.format.poll";
  public static final String FSTRIM = "storage.format.fstrim";

  @Override
  public List<Key> keys() {
    return List.of(
        Key.text(ARM, null, "Log pre-format arm run beside the workload (storage agent): baseline, or one of the "
            + "arms of the database kind (see 'commitbench storage formatters'); absent: no formatter."),
        Key.integer(POLL, 200, 10, 60_000, "Milliseconds between two looks of the formatter for logs that became reusable."),
        Key.bool(FSTRIM, true, "Whether the formatter runs fstrim on the log's filesystem where its arm calls for it."));
  }

  @Override
  public Optional<RunCompanion> create(CompanionContext context) throws CompanionRefusedException {
    WorkloadSettings settings = context.settings();
    if (!settings.has(ARM) || settings.text(ARM).isBlank()) {
      return Optional.empty();
    }
    FormatterContext formatterContext = new FormatterContext(context.admin(), ProcessCommandRunner.standard(),
        settings.bool(FSTRIM));
    try {
      FormatterRegistry registry = FormatterRegistry.load();
      LogFormatter formatter = registry.create(context.databaseKind(), settings.text(ARM).trim(), formatterContext);
      LogExposure exposure = registry.exposure(context.databaseKind()).orElse(null);
      return Optional.of(new FormatterCompanion(formatter, Duration.ofMillis(settings.number(POLL)), exposure,
          context.admin(), "the storage agent knows no log figures of " + context.databaseKind()));
    } catch (RefusedException e) {
      throw new CompanionRefusedException(e.getMessage(), e);
    }
  }
}
