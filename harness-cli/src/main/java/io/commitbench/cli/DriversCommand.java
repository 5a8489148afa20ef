package io.commitbench.cli;

import io.commitbench.core.dialect.Availability;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code commitbench drivers}: the dialects found on the class path and whether each can run. */
@Command(
    name = "drivers",
    mixinStandardHelpOptions = true,
    description = "Lists the database dialects (db.type values) and whether each can run here.",
    footer = {"", "Documentation: docs/getting-started.md, docs/keys.md#engine-keys"})
final class DriversCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    DialectRegistry registry = DialectRegistry.load();
    out.printf("%-12s %-10s %s%n", "db.type", "status", "description");
    for (Dialect dialect : registry.all()) {
      Availability availability = dialect.availability();
      out.printf("%-12s %-10s %s%s%n", dialect.name(), availability.available() ? "available" : "missing",
          dialect.description(), availability.available() ? "" : " (" + availability.reason() + ")");
    }
    if (registry.all().isEmpty()) {
      out.println("no dialect found: the jar was built without driver modules");
      return ExitCodes.RUN_FAILED;
    }
    out.flush();
    return ExitCodes.OK;
  }
}
