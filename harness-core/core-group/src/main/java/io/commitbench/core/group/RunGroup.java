package io.commitbench.core.group;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.RunPlan;
import io.commitbench.core.config.Sweep;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.namespace.NamesRefusedException;
import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.report.RunResult;
import io.commitbench.core.run.BenchmarkRun;
import io.commitbench.core.run.KeptSchema;
import io.commitbench.core.run.ResultDirectory;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The whole measurement {@code runs} times, and with a sweep ({@code sweep.key}) that for every
 * value. With {@code runs=1} and no sweep it is the one run, in {@code results/<run-id>/} as
 * always. With more, the runs' folders {@code run-1} .. {@code run-N} go into one group folder
 * {@code results/<run-id>/}; a sweep's values each get a folder {@code KEY=VALUE} there (the run's
 * folder, or with {@code runs=N} a group's of its own). The group folder gets {@code group.json},
 * {@code group.txt} ({@link GroupSummary}, {@link SweepSummary}) and {@code report.html} ({@link
 * GroupReportHtml}) when the last run ended.
 *
 * <p>With {@code runs.setup=kept} (the default) the tables and users are created by the first run
 * and dropped by the last, and every later run starts from emptied and reloaded tables ({@link
 * KeptSchema}): over a sweep's values too when the swept key leaves the setup fit ({@link
 * Sweep#setupFitsEveryValue}: rate, think time, ..., not users or a workload key), else within each
 * value. {@code fresh} creates and drops them per run. A run refused for its names, or stopped by
 * a signal, ends the group; a failed run does not (the next may succeed, and the group says which
 * runs counted).
 *
 * <pre>
 * List&lt;RunGroup.Member&gt; runs = new RunGroup(config, c -&gt; new BenchmarkRun(c, dialect, version, out), out).execute();
 * </pre>
 *
 * <p>{@link #requestStop} may be called from any thread (a signal handler); {@link #execute} from one.
 */
public final class RunGroup {

  /** Makes the run for one configuration (the group's, moved into its folder). */
  public interface RunFactory {
    BenchmarkRun create(BenchmarkConfig config) throws Exception;
  }

  /**
   * One run of the group.
   *
   * @param refusal why it was refused before it created anything, or null
   * @param warnings its report's closing warnings (failed statements, leftovers)
   */
  public record Member(Path directory, RunResult result, NamesRefusedException refusal, List<String> warnings) {}

  private final BenchmarkConfig config;
  private final Optional<Sweep> sweep;
  private final RunFactory factory;
  private final PrintWriter console;
  private final int runs;
  private final boolean keepSetup;
  private volatile BenchmarkRun current;
  private volatile String stopReason;
  private Path directory;

  public RunGroup(BenchmarkConfig config, RunFactory factory, PrintWriter console) {
    this(new RunPlan(config, Optional.empty()), factory, console);
  }

  /** The plan's runs: its sweep's values when it has one. */
  public RunGroup(RunPlan plan, RunFactory factory, PrintWriter console) {
    this.config = plan.config();
    this.sweep = plan.sweep();
    this.factory = factory;
    this.console = console;
    this.runs = config.settings().integer(ParameterKeys.RUNS);
    this.keepSetup = "kept".equals(config.settings().text(ParameterKeys.RUNS_SETUP));
  }

  /** Stops the run in progress (its results are written) and starts no other. */
  public void requestStop(String reason) {
    stopReason = reason;
    BenchmarkRun run = current;
    if (run != null) {
      run.requestStop(reason);
    }
  }

  /** The group's folder, or the single run's; null before {@link #execute} made it. */
  public Path directory() {
    return directory;
  }

  /**
   * Runs them all, one after another.
   *
   * @throws IOException only when a folder cannot be made (before its run did anything)
   */
  public List<Member> execute() throws Exception {
    if (runs == 1 && sweep.isEmpty()) {
      Member only = run(factory.create(config));
      directory = only.directory();
      return List.of(only);
    }
    directory = ResultDirectory.create(config.resultsDirectory(), config.runId());
    List<Member> members = new ArrayList<>();
    if (sweep.isPresent()) {
      sweep(sweep.get(), members);
    } else {
      series(config, directory, "", keepSetup ? new KeptSchema() : null, true, members);
    }
    summarize();
    return members;
  }

  /** Every value of the sweep in turn; a value's folder is the run's, or with runs=N a group's. */
  private void sweep(Sweep sweep, List<Member> members) throws Exception {
    // One setup for the whole sweep where the key leaves it fit; else each value's own (runs=N).
    KeptSchema acrossValues = keepSetup && sweep.setupFitsEveryValue() ? new KeptSchema() : null;
    List<Sweep.Point> points = sweep.points();
    for (int p = 0; p < points.size() && mayStart(acrossValues); p++) {
      Sweep.Point point = points.get(p);
      String label = point.folder(sweep.key()) + " (value " + (p + 1) + " of " + points.size() + ")";
      KeptSchema kept = acrossValues != null ? acrossValues : keepSetup && runs > 1 ? new KeptSchema() : null;
      boolean lastValue = acrossValues == null || p == points.size() - 1;
      boolean ended;
      if (runs == 1) {
        console.println("===== " + label + " of sweep " + directory.getFileName() + ", setup " + setupWord(kept)
            + " =====");
        BenchmarkRun run = factory.create(point.config().inFolder(directory, point.folder(sweep.key())));
        if (kept != null) {
          run.withKeptSchema(kept, lastValue || stopReason != null);
        }
        Member member = run(run);
        members.add(member);
        ended = endsTheGroup(member);
      } else {
        Path folder = ResultDirectory.create(directory, point.folder(sweep.key()));
        ended = series(point.config(), folder, label + " of sweep " + directory.getFileName() + ", ", kept, lastValue,
            members);
        writeGroupOf(folder);
      }
      if (ended) {
        break;
      }
    }
  }

  /**
   * The {@code runs} runs of one configuration into {@code folder} (run-1 ..); whether one of them
   * ended the group.
   *
   * @param last whether the kept setup ends with this series (it hands nothing on after its last run)
   */
  private boolean series(BenchmarkConfig runConfig, Path folder, String label, KeptSchema kept, boolean last,
      List<Member> members) throws Exception {
    for (int i = 1; i <= runs && mayStart(kept); i++) {
      console.println("===== " + label + "run " + i + " of " + runs + " (group " + folder.getFileName() + ", setup "
          + setupWord(kept) + ") =====");
      BenchmarkRun run = factory.create(runConfig.inFolder(folder, GroupFolder.RUN_PREFIX + i));
      if (kept != null) {
        run.withKeptSchema(kept, last && i == runs || stopReason != null);
      }
      Member member = run(run);
      members.add(member);
      if (endsTheGroup(member)) {
        return true;
      }
    }
    return false;
  }

  /**
   * After a signal no run starts, except one that takes the setup a clean run handed on: it stops
   * at once and drops the tables and users, which nothing else would.
   */
  private boolean mayStart(KeptSchema kept) {
    return stopReason == null || kept != null && kept.holds();
  }

  private static boolean endsTheGroup(Member member) {
    return member.refusal() != null || member.result().outcome() == RunOutcome.INTERRUPTED;
  }

  private String setupWord(KeptSchema kept) {
    return kept != null ? "kept" : "fresh";
  }

  /** A sweep's value of runs=N: its own group.json, group.txt and page. */
  private void writeGroupOf(Path folder) {
    try {
      GroupSummary summary = GroupSummary.of(folder);
      summary.write(folder);
      GroupReportHtml.write(folder);
    } catch (IOException | RuntimeException e) {
      console.println("error: cannot write the summary of " + folder.getFileName() + ": " + e.getMessage());
    }
  }

  /** The group's or the sweep's summary files and page, printed as well. */
  private void summarize() {
    String text;
    try {
      if (sweep.isPresent()) {
        SweepSummary summary = SweepSummary.of(directory);
        summary.write(directory);
        text = summary.text();
      } else {
        GroupSummary summary = GroupSummary.of(directory);
        summary.write(directory);
        text = summary.text();
      }
      console.print(text);
    } catch (IOException | RuntimeException e) {
      console.println("error: cannot write " + GroupFolder.JSON + ": " + e.getMessage());
    }
    try {
      GroupReportHtml.write(directory);
    } catch (IOException | RuntimeException e) {
      console.println("error: cannot write the group's " + GroupFolder.HTML + ": " + e.getMessage());
    }
    console.println("group results written to " + directory.toAbsolutePath());
    console.flush();
  }

  private Member run(BenchmarkRun run) throws IOException {
    current = run;
    if (stopReason != null) {
      run.requestStop(stopReason);
    }
    try {
      RunResult result = run.execute();
      return new Member(run.resultDirectory(), result, run.refusal(), run.warnings());
    } finally {
      current = null;
    }
  }
}
