package io.commitbench.cli;

import io.commitbench.core.compare.Comparability;
import io.commitbench.core.compare.CompareOutput;
import io.commitbench.core.compare.Comparison;
import io.commitbench.core.compare.Subject;
import io.commitbench.core.key.EchoedValue;
import io.commitbench.core.results.ResultFormatException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code commitbench compare A B [C ...]}: runs or groups side by side. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Sets runs or groups of runs side by side, each figure with its ratio to the first.",
      "",
      "It shows throughput and each transaction type's latency percentiles, the target and",
      "achieved rate with the shed arrivals, the workload's own figures (the paper's analysis,",
      "sysbench's SQL statistics, ...), the server's log figures (server-wide), and the environment",
      "facts that differ. Warnings come first: a run that did not complete, missed its target rate,",
      "has a latency that is its backlog's, or shared its server with other clients (those counters",
      "are marked and never judged). A group (runs=N) shows the median of its completed runs and,",
      "against another group, whether the difference exceeds the run-to-run noise (a bootstrap 95%%",
      "interval of the ratio of means; exceeds when it excludes 1). Each subject is labelled by its",
      "run.label, else by what differs between the runs (rate=200, log on hdd), uniquely. Runs of",
      "different workloads or workload parameters measured different things: they are refused,",
      "naming the keys, unless --force; runs that differ only in rate (or a sweep's key) are a sweep",
      "and compared. Output: text (default), markdown, json, or html (the tables and every subject's",
      "latency distributions overlaid on one chart, a self-contained file)."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:compared", "2:a folder is not a run's or a group's, a summary is unreadable, the runs are"
        + " not comparable (without --force), or -o is not a file in an existing directory; nothing was written"},
    footer = {"", "Documentation: docs/results.md"})
final class CompareCommand implements Callable<Integer> {

  @Parameters(arity = "1..*", paramLabel = "DIR", description = "Run, group or sweep folders (a sweep stands for its"
      + " points, in its order); at least two subjects in all; the first is the base of the ratios.")
  List<Path> folders;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text, markdown, json or html (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE instead of standard output.")
  Path output;

  @Option(names = "--force", description = "Compare runs of different workloads or workload parameters anyway; the output says which keys differ.")
  boolean force;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    CompareOutput chosen = Arrays.stream(CompareOutput.values()).filter(f -> f.label().equals(format)).findFirst()
        .orElse(null);
    if (chosen == null) {
      err.println("error: --format " + EchoedValue.of(format) + ": unknown; allowed: text, markdown, json, html");
      return ExitCodes.BAD_INPUT;
    }
    if (output != null && OutputFileCheck.problem(output).isPresent()) {
      err.println("error: -o " + EchoedValue.of(output.toString()) + ": " + OutputFileCheck.problem(output).get());
      return ExitCodes.BAD_INPUT;
    }
    List<Subject> subjects = new ArrayList<>();
    for (Path folder : folders) {
      try {
        subjects.addAll(Subject.loadAll(folder));
      } catch (ResultFormatException e) {
        err.println("error: " + e.getMessage());
        return ExitCodes.BAD_INPUT;
      }
    }
    if (subjects.size() < 2) {
      err.println("error: " + folders + " hold " + subjects.size() + " run or group to compare; allowed: two or more"
          + " (run, group or sweep folders; a sweep stands for its points)");
      return ExitCodes.BAD_INPUT;
    }
    Comparability.Verdict verdict = Comparability.check(subjects);
    List<String> differences = verdict.refused();
    if (!differences.isEmpty() && !force) {
      err.println("error: not comparable: the runs differ in their workload or its parameters:");
      differences.forEach(d -> err.println("  - " + d));
      err.println("compare them anyway with --force.");
      return ExitCodes.BAD_INPUT;
    }
    RenderedOutput.deliver(chosen.render(Comparison.of(subjects, differences, verdict.swept())), output, out);
    return ExitCodes.OK;
  }
}
