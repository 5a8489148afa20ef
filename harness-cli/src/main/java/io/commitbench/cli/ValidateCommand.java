package io.commitbench.cli;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigException;
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
    BenchmarkConfig config;
    try {
      config = options.bind(DialectRegistry.load());
    } catch (ConfigException e) {
      return ConfigErrors.report(e, spec.commandLine().getErr());
    }
    out.println("# " + options.file + " is valid. Effective configuration:");
    config.effective().forEach((key, value) -> out.println(key + "=" + value));
    if (config.namesDerived()) {
      out.println("# table.prefix and user.prefix: not set, so each run derives names of its own from its run id"
          + " and 4 random characters (as shown, for this validation only)");
    }
    WorkloadRegistry.load().byName(config.workload()).orElseThrow().bind(config.settings()).plan(config.users())
        .forEach(line -> out.println("# " + line));
    out.flush();
    return ExitCodes.OK;
  }
}
