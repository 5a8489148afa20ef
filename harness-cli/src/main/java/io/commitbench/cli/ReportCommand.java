package io.commitbench.cli;

import io.commitbench.core.report.html.RunReportHtml;
import io.commitbench.core.results.ResultFormatException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code commitbench report RUN_DIR...}: rebuilds report.html from a results folder's files. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Rebuilds report.html in each run folder given, from the files in it.",
      "",
      "It reads summary.json, report.txt, environment.json, intervals.csv and latency.hlog, and",
      "shows the run header and environment, throughput and errors over time with the warm-up",
      "shaded, latency over time per transaction type and statement kind, the latency",
      "distributions (percentile spectra on a 'nines' axis; response and service time when a rate",
      "was set), the workload's block and the database's view. One self-contained file: it opens",
      "offline. Every run writes it at its end; this command makes it for older runs or again. A",
      "group folder (runs=N) is rebuilt run by run."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:written", "2:a folder is not a run's (or a group's) results folder, or its summary.json"
        + " is of a format this build does not read; nothing was written for it"},
    footer = {"", "Documentation: docs/results.md"})
final class ReportCommand implements Callable<Integer> {

  @Parameters(arity = "1..*", paramLabel = "RUN_DIR", description = "A run's results folder (results/<run-id>) or a group's.")
  List<Path> folders;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int exit = ExitCodes.OK;
    for (Path folder : folders) {
      for (Path run : runsOf(folder)) {
        try {
          out.println("written " + RunReportHtml.write(run));
        } catch (ResultFormatException e) {
          err.println("error: " + e.getMessage());
          exit = ExitCodes.BAD_INPUT;
        }
      }
    }
    return exit;
  }

  /** The folder itself, or the run folders of a group (those with a summary.json). */
  private static List<Path> runsOf(Path folder) throws IOException {
    if (Files.isRegularFile(folder.resolve("summary.json")) || !Files.isDirectory(folder)) {
      return List.of(folder);
    }
    try (var children = Files.list(folder)) {
      List<Path> runs = children.filter(c -> Files.isRegularFile(c.resolve("summary.json"))).sorted().toList();
      return runs.isEmpty() ? List.of(folder) : runs;
    }
  }
}
