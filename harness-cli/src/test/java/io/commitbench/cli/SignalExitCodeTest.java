package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * After SIGTERM the process exits with 143, as documented, though the stopped command returns 1:
 * real processes and a real signal. A System.exit(1) once the command returned would race the
 * JVM's exit: made after the shutdown hooks had run, it halts the JVM with 1, now and then. The
 * child reports such a call whenever it is made, so the test does not depend on the race being
 * lost.
 */
class SignalExitCodeTest {

  private static final int PROCESSES = 3;

  @Test
  void afterSigtermTheExitCodeIs143AndNoSystemExitRacesIt() throws Exception {
    for (int i = 0; i < PROCESSES; i++) {
      Terminated child = terminated();
      assertThat(child.output()).as("output of a child sent SIGTERM")
          .doesNotContain(SignalledCommandMain.EXIT_DURING_SHUTDOWN);
      assertThat(child.exitCode()).as("exit code after SIGTERM\n%s", child.output()).isEqualTo(143);
    }
  }

  private record Terminated(int exitCode, String output) {}

  private static Terminated terminated() throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process process = new ProcessBuilder(java.toString(), "-Djava.security.manager=allow",
        "-cp", System.getProperty("java.class.path"), SignalledCommandMain.class.getName())
        // Standard error (the JDK's warning about the security manager) is not the child's output.
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      String first = out.readLine();
      assertThat(first).as("the child's first line").isEqualTo("ready");
      new ProcessBuilder("kill", "-TERM", Long.toString(process.pid())).inheritIO().start().waitFor();
      StringBuilder rest = new StringBuilder();
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        rest.append(line).append('\n');
      }
      assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the child ended within 30 s of SIGTERM").isTrue();
      return new Terminated(process.exitValue(), rest.toString());
    } finally {
      // A child the test gave up on waits for a signal forever: it must not outlive the test.
      process.destroyForcibly();
    }
  }
}
