package io.commitbench.it.support;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code commitbench run} as a process of its own, started and left running: for tests of how a
 * run ends (its exit code, how long it took, a signal sent to it while it runs). The caller
 * closes it, which kills a process still running.
 *
 * <pre>
 * try (JarRun run = JarRun.start(file, tmp, "stalled", settings)) { ...; run.signal("INT"); run.awaitExit(60); }
 * </pre>
 */
public final class JarRun implements AutoCloseable {

  private final Process process;
  private final Path parameterFile;
  private final String runId;
  private final Path out;
  private final Path err;
  private final Path directory;

  private JarRun(Process process, Path parameterFile, String runId, Path out, Path err, Path directory) {
    this.process = process;
    this.parameterFile = parameterFile;
    this.runId = runId;
    this.out = out;
    this.err = err;
    this.directory = directory;
  }

  /**
   * Starts {@code run FILE} with results under {@code tmp/results/RUN_ID} and {@code settings}
   * as {@code --set} values, in order; the output goes to files in {@code tmp}.
   */
  public static JarRun start(Path parameterFile, Path tmp, String runId, Map<String, String> settings)
      throws IOException {
    Path results = tmp.resolve("results");
    List<String> command = new ArrayList<>();
    command.addAll(Signals.defaultSigintPrefix());
    command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", Repository.jar().toString(), "run", parameterFile.toString(),
        "--set", "results.dir=" + results, "--set", "run.id=" + runId));
    settings.forEach((key, value) -> command.addAll(List.of("--set", key + "=" + value)));
    Path out = tmp.resolve(runId + "-stdout.txt");
    Path err = tmp.resolve(runId + "-stderr.txt");
    Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    return new JarRun(process, parameterFile, runId, out, err, results.resolve(runId));
  }

  /** The run's results folder. */
  public Path directory() {
    return directory;
  }

  /** The parameter file it runs. */
  public Path parameterFile() {
    return parameterFile;
  }

  public String runId() {
    return runId;
  }

  /** The run's summary.json as it is now. */
  public JsonNode summary() {
    return RunOutput.summary(directory);
  }

  /** Waits up to 60 s until intervals.csv has {@code rows} rows; fails when the run ended first. */
  public void awaitIntervalRows(int rows) throws IOException, InterruptedException {
    Path csv = directory.resolve("intervals.csv");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.exists(csv) || Files.readString(csv, StandardCharsets.UTF_8).chars().filter(c -> c == '\n')
        .count() - 1 < rows) {
      if (!process.isAlive() || System.nanoTime() > deadline) {
        throw new AssertionError((process.isAlive() ? "no " + rows + " rows of intervals.csv within 60 s"
            : "the run ended before " + rows + " rows of intervals.csv") + "\n" + describe());
      }
      Thread.sleep(100);
    }
  }

  /**
   * Waits up to {@code seconds} for the exit and returns its code, printing how long it took;
   * fails, after killing the process, when it still runs then.
   */
  public int exitWithin(int seconds) throws InterruptedException {
    long began = System.nanoTime();
    Integer exit = awaitExit(seconds);
    if (exit == null) {
      close();
      throw new AssertionError("the run did not exit within " + seconds + " s\n" + describe());
    }
    System.out.printf("%s%s: commitbench exited with %d, %.1f s after the test's last step%n",
        DatabaseTargets.LOG_PREFIX, runId, exit, (System.nanoTime() - began) / 1e9);
    return exit;
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** Sends {@code kill -SIGNAL} (INT, TERM, KILL) to the process. */
  public void signal(String signal) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).inheritIO().start();
    if (kill.waitFor() != 0) {
      throw new AssertionError("kill -" + signal + " " + process.pid() + " failed");
    }
  }

  /** Waits up to {@code seconds} for the exit; its code, or null when the process still runs. */
  public Integer awaitExit(long seconds) throws InterruptedException {
    return process.waitFor(seconds, TimeUnit.SECONDS) ? process.exitValue() : null;
  }

  /** Standard output so far. */
  public String out() {
    return read(out);
  }

  /** Standard error so far. */
  public String err() {
    return read(err);
  }

  /** Standard output's tail and standard error, for assertion messages. */
  public String describe() {
    String stdout = out();
    String tail = stdout.length() > 6_000 ? "...\n" + stdout.substring(stdout.length() - 6_000) : stdout;
    return "--- stdout ---\n" + tail + "\n--- stderr ---\n" + read(err);
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(unreadable: " + e.getMessage() + ")";
    }
  }

  /** Kills the process when it still runs. */
  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
