package io.commitbench.cli;

import io.commitbench.core.key.Key;
import io.commitbench.core.workload.Workload;
import io.commitbench.core.workload.WorkloadRegistry;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code commitbench workloads}: the workloads in this build, each with its own keys. */
@Command(
    name = "workloads",
    mixinStandardHelpOptions = true,
    description = {
      "Lists the workloads in this build and the keys each adds to the engine's.",
      "",
      "A workload is a value of the 'workload' key; the engine's keys (users, duration, warmup,",
      "rate, ...) apply to every workload. 'validate' prints the effective value of every key."
    },
    footer = {"", "Documentation: docs/workloads.md, docs/keys.md"})
final class WorkloadsCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    for (Workload workload : WorkloadRegistry.load().all()) {
      out.printf("%s%s: %s%n", workload.name(), WorkloadRegistry.DEFAULT.equals(workload.name()) ? " (default)" : "",
          workload.description());
      out.println("  runs " + (workload.runsInCycles() ? "in cycles (count-based, or cycles until duration ends)"
          : "transactions until duration ends or 'transactions' are done"));
      if (!workload.requiredKeys().isEmpty()) {
        out.println("  requires the engine keys: " + String.join(", ", workload.requiredKeys().stream().sorted().toList()));
      }
      for (Key key : workload.keys()) {
        out.printf("  %-20s %-9s %s; %s%n", key.name(), key.required() ? "required" : key.defaultValue().map(
            d -> "= " + d).orElse("optional"), key.allowed(), key.doc());
      }
      out.println();
    }
    out.flush();
    return ExitCodes.OK;
  }
}
