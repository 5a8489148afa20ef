package io.commitbench.core.group;

import io.commitbench.core.config.BenchmarkConfig;
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

/**
 * The whole measurement {@code runs} times. With {@code runs=1} it is the one run, in {@code
 * results/<run-id>/} as always. With more, the runs' folders {@code run-1} .. {@code run-N} go into
 * one group folder {@code results/<run-id>/}, which gets {@code group.json} and {@code group.txt}
 * ({@link GroupSummary}) when the last run ended. With {@code runs.setup=kept} (the default) the
 * tables and users are created by the first run and dropped by the last, and every later run
 * starts from emptied and reloaded tables ({@link KeptSchema}); {@code fresh} creates and drops
 * them per run. A run refused for its names, or stopped by a signal, ends the group; a failed run
 * does not (the next may succeed, and the group says which runs counted).
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
  private final RunFactory factory;
  private final PrintWriter console;
  private final int runs;
  private final boolean keepSetup;
  private volatile BenchmarkRun current;
  private volatile String stopReason;
  private Path directory;

  public RunGroup(BenchmarkConfig config, RunFactory factory, PrintWriter console) {
    this.config = config;
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
    if (runs == 1) {
      Member only = run(factory.create(config));
      directory = only.directory();
      return List.of(only);
    }
    directory = ResultDirectory.create(config.resultsDirectory(), config.runId());
    KeptSchema kept = keepSetup ? new KeptSchema() : null;
    List<Member> members = new ArrayList<>();
    // After a signal no run starts, except one that takes the setup a clean run handed on: it stops
    // at once and drops the tables and users, which nothing else would.
    for (int i = 1; i <= runs && (stopReason == null || kept != null && kept.holds()); i++) {
      console.println("===== run " + i + " of " + runs + " (group " + directory.getFileName() + ", setup "
          + (keepSetup ? "kept" : "fresh") + ") =====");
      BenchmarkRun run = factory.create(config.inFolder(directory, GroupFolder.RUN_PREFIX + i));
      if (kept != null) {
        run.withKeptSchema(kept, i == runs || stopReason != null);
      }
      Member member = run(run);
      members.add(member);
      if (member.refusal() != null || member.result().outcome() == RunOutcome.INTERRUPTED) {
        break;
      }
    }
    GroupSummary summary = GroupSummary.of(directory);
    try {
      summary.write(directory);
    } catch (IOException e) {
      console.println("error: cannot write " + GroupFolder.JSON + ": " + e.getMessage());
    }
    console.print(summary.text());
    console.println("group results written to " + directory.toAbsolutePath());
    console.flush();
    return members;
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
