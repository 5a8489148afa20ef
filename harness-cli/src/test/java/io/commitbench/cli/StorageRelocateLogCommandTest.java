package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code storage relocate-log}, {@code undo} and {@code instance} as a user meets them, without a server. */
class StorageRelocateLogCommandTest {

  @TempDir Path dir;

  @Test
  void anUnmanagedServerGetsCommandsMarkedNotExecutedEvenWithApply() {
    CliRun r = CliRun.execute("storage", "relocate-log", "--url", "jdbc:postgresql://db:5432/x", "--to", "/ssd", "--apply");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("NOT EXECUTED").contains("pg_ctl -D \"$PGDATA\" stop -m fast")
        .contains("--apply ignored");
  }

  @Test
  void aDirectoryThatIsNoInstanceIsBadInput() {
    CliRun r = CliRun.execute("storage", "relocate-log", "--instance", dir.toString(), "--to", "/ssd");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("is not a managed instance");
    assertThat(CliRun.execute("storage", "instance", "status", "--instance", dir.toString()).exitCode()).isEqualTo(2);
  }

  @Test
  void instanceAndUrlExcludeEachOther() {
    CliRun r = CliRun.execute("storage", "relocate-log", "--instance", dir.toString(), "--url", "jdbc:mariadb://h/x",
        "--to", "/ssd");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("mutually exclusive");
  }

  @Test
  void anUnknownKindIsRefusedListingTheKinds() {
    CliRun r = CliRun.execute("storage", "instance", "create", "--kind", "oracle", "--instance", dir.toString(), "--apply");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("[mariadb, postgresql]");
  }

  @Test
  void undoOfAFileThatIsNoJournalIsRefused() throws Exception {
    Path file = java.nio.file.Files.writeString(dir.resolve("x"), "not json\n");
    CliRun r = CliRun.execute("storage", "undo", file.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("cannot undo");
  }
}
