package io.commitbench.it.support;

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
  private final Path out;
  private final Path err;
  private final Path directory;

  private JarRun(Process process, Path out, Path err, Path directory) {
    this.process = process;
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
    return new JarRun(process, out, err, results.resolve(runId));
  }

  /** The run's results folder. */
  public Path directory() {
    return directory;
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
