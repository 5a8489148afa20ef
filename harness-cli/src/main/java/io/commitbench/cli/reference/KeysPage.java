package io.commitbench.cli.reference;

import io.commitbench.core.companion.RunCompanions;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.key.Key;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.workload.Workload;
import io.commitbench.core.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * docs/keys.md: every key a parameter file may contain, from the same lists the configuration
 * binder validates against: the engine's keys, the run companions' keys and each workload's own.
 * Workloads come in name order, keys in declaration order.
 */
final class KeysPage {

  static final String FILE = "keys.md";
  static final String ENGINE_HEADING = "Engine keys";
  static final String COMPANION_HEADING = "Companion keys";

  private final List<Key> engineKeys;
  private final List<Key> companionKeys;
  private final List<Workload> workloads;

  KeysPage(List<Key> engineKeys, List<Key> companionKeys, List<Workload> workloads) {
    this.engineKeys = List.copyOf(engineKeys);
    this.companionKeys = List.copyOf(companionKeys);
    this.workloads = List.copyOf(workloads);
  }

  /** The keys of what is on the class path: the dialects, workloads and run companions found there. */
  static KeysPage fromClassPath() {
    WorkloadRegistry workloads = WorkloadRegistry.load();
    List<Key> engine = ParameterKeys.all(DialectRegistry.load().names(), workloads.names());
    return new KeysPage(engine, RunCompanions.load().keys(), workloads.all());
  }

  static String workloadHeading(String name) {
    return "Workload " + name;
  }

  String render() {
    StringBuilder out = new StringBuilder();
    out.append("# Parameter keys\n\n");
    out.append(ReferenceDocs.generatedNotice()).append('\n');
    out.append(Markdown.wrap("After reading this page you can set every key of a parameter file: its default, its"
        + " allowed values and what it does. `validate` prints the value each key takes for a file, and contacts no"
        + " database.")).append("\n\n");
    out.append("```\njava -jar harness-cli/target/commitbench.jar validate config/quickstart.properties\n```\n\n");
    out.append(Markdown.wrap("A parameter file is a Java `.properties` file of `key=value` lines; a comment is a line of its own"
        + " that starts with `#`. On the command line, `--set key=value` overrides one key of the file (repeat it for"
        + " other keys; each key once). The key `workload` chooses the workload. The "
        + Markdown.linkTo("engine keys", ENGINE_HEADING)
        + (companionKeys.isEmpty() ? "" : " and the " + Markdown.linkTo("companion keys", COMPANION_HEADING))
        + " apply to every workload, and each workload adds keys of its own. A key of another workload is refused,"
        + " and so is an unknown key (the closest known key is suggested); every problem of a file is listed at"
        + " once. No key holds a password: `db.password` is refused, and `db.password.env` or `db.password.file`"
        + " names where the password is.")).append("\n\n");
    out.append(Markdown.wrap("In the tables, *required* means the file must state the key, and *not set* means"
        + " that leaving the key out leaves it unset, with the effect its description gives.")).append("\n\n");
    out.append(Markdown.table(List.of("Workload", "What it does"), workloads.stream()
        .map(w -> List.of(Markdown.linkTo(Markdown.code(w.name()), workloadHeading(w.name())),
            Markdown.text(w.description())))
        .toList()));
    out.append('\n');

    out.append("## ").append(ENGINE_HEADING).append("\n\n");
    out.append("The keys of every run, whatever its workload.\n\n");
    out.append(keyTable(engineKeys)).append('\n');
    if (!companionKeys.isEmpty()) {
      out.append("## ").append(COMPANION_HEADING).append("\n\n");
      out.append(Markdown.wrap("The keys of the run companions: plug-ins that run beside any workload, such as the"
          + " storage agent's log formatter. Every workload accepts them.")).append("\n\n");
      out.append(keyTable(companionKeys)).append('\n');
    }
    List<Workload> written = new ArrayList<>();
    for (Workload workload : workloads) {
      out.append("## ").append(workloadHeading(workload.name())).append("\n\n");
      String about = Markdown.code("workload=" + workload.name()) + ": " + Markdown.text(sentence(
          workload.description())) + " " + (workload.runsInCycles()
              ? "It runs in cycles: a count of them, or cycles until `duration` ends."
              : "It runs transactions until `duration` ends or `transactions` are done.");
      if (!workload.requiredKeys().isEmpty()) {
        about += " The file must state the engine keys " + String.join(", ",
            workload.requiredKeys().stream().sorted().map(Markdown::code).toList()) + ".";
      }
      out.append(Markdown.wrap(about)).append("\n\n");
      Optional<Workload> same = written.stream().filter(w -> w.keys().equals(workload.keys())).findFirst();
      if (workload.keys().isEmpty()) {
        out.append("It adds no keys of its own.\n\n");
      } else if (same.isPresent()) {
        out.append("Its keys are those of ").append(Markdown.linkTo(Markdown.code(same.get().name()),
            workloadHeading(same.get().name()))).append(", with the same defaults.\n\n");
      } else {
        out.append(keyTable(workload.keys())).append('\n');
        written.add(workload);
      }
    }
    return out.toString();
  }

  private static String keyTable(List<Key> keys) {
    return Markdown.table(List.of("Key", "Default", "Allowed", "Description"), keys.stream()
        .map(k -> List.of(Markdown.code(k.name()), defaultCell(k), Markdown.text(k.allowed()), Markdown.text(k.doc())))
        .toList());
  }

  private static String defaultCell(Key key) {
    if (key.required()) {
      return "*required*";
    }
    return key.defaultValue().map(Markdown::code).orElse("*not set*");
  }

  private static String sentence(String text) {
    return text.endsWith(".") ? text : text + ".";
  }
}
