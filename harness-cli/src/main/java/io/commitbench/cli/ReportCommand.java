package io.commitbench.cli;

import io.commitbench.core.group.GroupFolder;
import io.commitbench.core.group.GroupReportHtml;
import io.commitbench.core.group.GroupSummary;
import io.commitbench.core.group.SweepSummary;
import io.commitbench.core.report.html.RunReportHtml;
import io.commitbench.core.results.ResultFormatException;
import io.commitbench.core.results.RunFolder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
      "group folder (runs=N) or a sweep's (sweep.key) gets its group.json, group.txt and own",
      "report.html (the group's figures, a sweep's latency against throughput, links to the runs)",
      "rebuilt from its runs' summaries, and every run's report.html, several at a time."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:written", "2:a folder is not a run's (or a group's or a sweep's) results folder, or its"
        + " summary.json is of a format this build does not read; nothing was written for it"},
    footer = {"", "Documentation: docs/results.md"})
final class ReportCommand implements Callable<Integer> {

  @Parameters(arity = "1..*", paramLabel = "RUN_DIR",
      description = "A run's results folder (results/<run-id>), a group's or a sweep's.")
  List<Path> folders;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int exit = ExitCodes.OK;
    // Drawing and encoding a run's charts is the cost; runs' pages are independent, so they are
    // built side by side, one per processor.
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
    try {
      for (Path folder : folders) {
        exit = ExitCodes.worse(exit, rebuild(folder, pool, out, err));
      }
    } finally {
      pool.shutdownNow();
    }
    return exit;
  }

  private static int rebuild(Path folder, ExecutorService pool, PrintWriter out, PrintWriter err) throws Exception {
    boolean run = new RunFolder(folder).isRun();
    boolean group = !run && GroupFolder.isGroup(folder);
    boolean sweep = !run && !group && GroupFolder.isSweep(folder);
    if (!run && !group && !sweep) {
      err.println("error: " + folder + " is not a run's results folder: it has no " + RunFolder.SUMMARY
          + " (nor a group's run-N folders, nor a sweep's KEY=VALUE folders)");
      return ExitCodes.BAD_INPUT;
    }
    List<Future<Path>> pages = new ArrayList<>();
    for (Path runFolder : GroupFolder.runFolders(folder)) {
      pages.add(pool.submit(() -> RunReportHtml.write(runFolder)));
    }
    int exit = ExitCodes.OK;
    for (Future<Path> page : pages) {
      try {
        out.println("written " + page.get());
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof ResultFormatException)) {
          throw e;
        }
        err.println("error: " + e.getCause().getMessage());
        exit = ExitCodes.BAD_INPUT;
      }
    }
    if (run || exit != ExitCodes.OK) {
      return exit;
    }
    if (sweep) {
      for (Path point : GroupFolder.points(folder)) {
        if (GroupFolder.isGroup(point)) {
          GroupSummary.of(point).write(point);
          out.println("written " + GroupReportHtml.write(point));
        }
      }
      SweepSummary.of(folder).write(folder);
    } else {
      GroupSummary.of(folder).write(folder);
    }
    out.println("written " + folder.resolve(GroupFolder.JSON) + ", " + GroupFolder.TEXT);
    out.println("written " + GroupReportHtml.write(folder));
    return exit;
  }
}
