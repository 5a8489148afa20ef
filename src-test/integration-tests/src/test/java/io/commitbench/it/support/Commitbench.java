package io.commitbench.it.support;

import io.commitbench.cli.CommitbenchMain;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;

/**
 * Runs the {@code commitbench} command line in this JVM, the way {@code java -jar} would, with
 * its own stdout and stderr captured.
 *
 * <pre>
 * RunOutput run = Commitbench.run(file, resultsDir, "pg-1", Map.of("repeat", "3"));
 * </pre>
 */
public final class Commitbench {

  /** Long enough for a JVM to start and a short run on a busy small machine. */
  private static final int JAR_WAIT_SECONDS = 120;

  private Commitbench() {}

  /** Any command line; returns exit code and output. */
  public static CliResult execute(List<String> args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine commandLine = CommitbenchMain.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    int exitCode = commandLine.execute(args.toArray(String[]::new));
    return new CliResult(exitCode, out.toString(), err.toString());
  }

  /**
   * Any command line, given to the shaded jar in a JVM of its own as a user gives it: the exit
   * code is the one {@code System.exit} sets, the output what a console would get.
   */
  public static CliResult jar(List<String> args) throws IOException, InterruptedException {
    return jar(args, JAR_WAIT_SECONDS);
  }

  /** {@link #jar(List)} for a command that may take up to {@code waitSeconds} (a load, a long run). */
  public static CliResult jar(List<String> args, int waitSeconds) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", Repository.jar().toString()));
    command.addAll(args);
    Path out = Files.createTempFile("commitbench-out-", ".txt");
    Path err = Files.createTempFile("commitbench-err-", ".txt");
    try {
      Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      if (!process.waitFor(waitSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new AssertionError("commitbench " + args + " did not exit within " + waitSeconds + " s");
      }
      return new CliResult(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /**
   * {@code run FILE --set results.dir=... --set run.id=... --set k=v ...}.
   *
   * @param overrides further {@code --set} values, in order
   */
  public static RunOutput run(Path parameterFile, Path resultsDir, String runId, Map<String, String> overrides) {
    List<String> args = new ArrayList<>(List.of("run", parameterFile.toString()));
    set(args, "results.dir", resultsDir.toString());
    set(args, "run.id", runId);
    overrides.forEach((k, v) -> set(args, k, v));
    return new RunOutput(execute(args), resultsDir.resolve(runId));
  }

  /** {@code COMMAND FILE --set k=v ...}, the settings in their order. */
  public static List<String> args(String command, Path file, Map<String, String> settings) {
    List<String> args = new ArrayList<>(List.of(command, file.toString()));
    settings.forEach((k, v) -> set(args, k, v));
    return args;
  }

  /** Writes a parameter file (keys in the given order) and returns its path. */
  public static Path writeParameterFile(Path file, Map<String, String> keys) throws IOException {
    StringBuilder text = new StringBuilder("# written by a commitbench integration test\n");
    keys.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  private static void set(List<String> args, String key, String value) {
    args.add("--set");
    args.add(key + "=" + value);
  }

  /** What the command printed and returned. */
  public record CliResult(int exitCode, String out, String err) {
    /** For assertion messages. */
    public String describe() {
      return "exit code " + exitCode + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + err;
    }
  }
}
