package io.commitbench.cli;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ParameterKeys;
import io.commitbench.core.run.RunCompanion;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.format.FormatterCompanion;
import io.commitbench.storage.format.FormatterContext;
import io.commitbench.storage.format.FormatterRegistry;
import io.commitbench.storage.plan.RefusedException;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Properties;

/** Builds the log formatter companion a parameter file asks for with {@code storage.format.arm}. */
final class FormatterCompanions {

  private FormatterCompanions() {}

  /**
   * The companions of a run: none, or the formatter of the named arm.
   *
   * @throws RefusedException when the arm does not exist for the database kind (bad input, before anything ran)
   */
  static List<RunCompanion> of(BenchmarkConfig config) throws RefusedException {
    String arm = config.effective().get(ParameterKeys.FORMAT_ARM);
    if (arm == null || arm.isBlank()) {
      return List.of();
    }
    FormatterContext context = new FormatterContext(() -> {
      Properties login = new Properties();
      login.setProperty("user", config.dbUser());
      login.setProperty("password", config.password().reveal());
      return DriverManager.getConnection(config.dbUrl(), login);
    }, ProcessCommandRunner.standard(), Boolean.parseBoolean(config.effective().get(ParameterKeys.FORMAT_FSTRIM)));
    Duration poll = Duration.ofMillis(Long.parseLong(config.effective().get(ParameterKeys.FORMAT_POLL)));
    return List.of(new FormatterCompanion(FormatterRegistry.load().create(config.dbType(), arm.trim(), context), poll));
  }
}
