package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What {@code container} refuses before it looks for Docker: nothing here needs an engine. The
 * commands against a real engine are ContainerCommandIT's.
 */
class ContainerCommandTest {

  @Test
  void anEmbeddedKindHasNoContainer() {
    CliRun run = CliRun.execute("container", "start", "h2");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err()).isEqualTo("error: db.type h2 has no container image; allowed: mariadb, oracle, postgresql;"
        + " nothing was started" + System.lineSeparator());
  }

  @Test
  void anUnknownKindIsNamed() {
    CliRun run = CliRun.execute("container", "start", "db2");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err()).contains("db.type db2 is unknown; allowed: mariadb, oracle, postgresql");
  }

  @Test
  void aWaitBelowOneSecondIsRefused() {
    CliRun run = CliRun.execute("container", "start", "postgresql", "--wait", "0");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err()).contains("--wait=0: must be at least 1 s");
  }

  @Test
  void rmNeedsNamesOrAll() {
    CliRun run = CliRun.execute("container", "rm");
    assertThat(run.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err()).contains("NAME").contains("--all");
  }

  @Test
  void helpNamesTheKindsWithAnImage() {
    CliRun run = CliRun.execute("container", "start", "--help");
    assertThat(run.out().replaceAll("\\s+", " ")).contains("mariadb, oracle, postgresql").contains("nothing is pulled");
  }
}
