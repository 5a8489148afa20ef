package io.commitbench.cli;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigException;
import io.commitbench.core.config.RunPlan;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.workload.WorkloadRegistry;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code commitbench validate FILE}: checks a parameter file and prints the effective configuration. */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = {
      "Checks a parameter file and prints the effective configuration.",
      "",
      "The --set overrides are applied first; every key is shown, defaults included, and a",
      "password is replaced by where it comes from. Contacts no database."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the configuration is valid", "2:it is not; every problem is listed"},
    footer = {"", "Documentation: docs/keys.md"})
final class ValidateCommand implements Callable<Integer> {

  @Mixin ConfigOptions options;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    RunPlan plan;
    try {
      plan = options.bindPlan(DialectRegistry.load());
    } catch (ConfigException e) {
      return ConfigErrors.report(e, spec.commandLine().getErr());
    }
    BenchmarkConfig config = plan.config();
    out.println("# " + options.file + " is valid. Effective configuration:");
    config.effective().forEach((key, value) -> out.println(key + "=" + value));
    if (config.namesDerived()) {
      out.println("# table.prefix and user.prefix: not set, so each run derives names of its own from its run id"
          + " and 4 random characters (as shown, for this validation only)");
    }
    plan.sweep().ifPresent(sweep -> out.println("# sweep: " + sweep.key() + " over " + String.join(", ", sweep.values())
        + ", each value valid; a folder per value (" + sweep.points().get(0).folder(sweep.key()) + ", ...)"
        + (config.settings().integer(ParameterKeys.RUNS) > 1 ? " with runs=" + config.settings().integer(
            ParameterKeys.RUNS) + " each" : "")));
    WorkloadRegistry.load().byName(config.workload()).orElseThrow().bind(config.settings()).plan(config.users())
        .forEach(line -> out.println("# " + line));
    out.flush();
    return ExitCodes.OK;
  }
}
