package io.commitbench.storage.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProcessCommandRunnerTest {

  private final ProcessCommandRunner runner = new ProcessCommandRunner(Duration.ofSeconds(5));

  @Test
  void capturesBothStreamsOfARealProcess() throws Exception {
    CommandResult r = runner.run(Command.of("sh", "-c", "echo out; echo err >&2"));
    assertThat(r.stdout()).isEqualTo("out\n");
    assertThat(r.stderr()).isEqualTo("err\n");
  }

  @Test
  void aNonZeroExitFailsWithTheCommandAndItsError() {
    assertThatThrownBy(() -> runner.run(Command.of("sh", "-c", "echo 'no such device' >&2; exit 3")))
        .isInstanceOf(CommandFailedException.class)
        .hasMessageContaining("exit code 3").hasMessageContaining("no such device");
  }

  @Test
  void attemptReturnsTheExitCodeInsteadOfFailing() throws Exception {
    assertThat(runner.attempt(Command.of("sh", "-c", "exit 4")).exitCode()).isEqualTo(4);
  }

  @Test
  void aCommandPastTheLimitIsKilled() {
    ProcessCommandRunner quick = new ProcessCommandRunner(Duration.ofMillis(300));
    assertThatThrownBy(() -> quick.run(Command.of("sleep", "30"))).hasMessageContaining("killed");
  }

  @Test
  void outputLargerThanAPipeBufferDoesNotStall() throws Exception {
    CommandResult r = runner.run(Command.of("sh", "-c", "head -c 1000000 /dev/zero | tr '\\\\0' x; head -c 1000000 /dev/zero | tr '\\\\0' y >&2"));
    assertThat(r.stdout()).hasSize(1_000_000);
    assertThat(r.stderr()).hasSize(1_000_000);
  }

  @Test
  void displayQuotesWhatAShellWouldSplit() {
    Command c = Command.of("psql", "-c", "SELECT 'a b'").asUser("postgres");
    assertThat(c.display()).isEqualTo("runuser -u postgres -- psql -c 'SELECT '\\''a b'\\'''");
    assertThat(c.processArgv()).containsExactly("runuser", "-u", "postgres", "--", "psql", "-c", "SELECT 'a b'");
  }
}
