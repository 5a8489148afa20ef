package io.commitbench.cli;

import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.storage.format.FormatterRegistry;
import io.commitbench.storage.format.LogFormatterProvider;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code commitbench storage formatters}: the pre-format arms per database kind. */
@Command(
    name = "formatters",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Lists the log pre-format arms per database kind.",
      "",
      "Name one in a parameter file with storage.format.arm=<arm>: it runs beside the workload,",
      "acts on each log that becomes reusable, and reports its actions and their durations.",
      "Compare every arm with 'baseline' on the same device."
    },
    footer = {"", "Documentation: docs/storage-agent.md, docs/keys.md#companion-keys"})
final class StorageFormattersCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    FormatterRegistry registry = FormatterRegistry.load();
    for (String dbType : DialectRegistry.load().names()) {
      out.println(dbType + ":");
      for (LogFormatterProvider.ArmDescription arm : registry.arms(dbType)) {
        out.printf("  %-20s %s%n", arm.name(), arm.description());
      }
    }
    return ExitCodes.OK;
  }
}
