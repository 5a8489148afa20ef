package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code storage relocate-log}, {@code undo} and {@code instance} as a user meets them, without a server. */
class StorageRelocateLogCommandTest {

  @TempDir Path dir;

  private record Result(int exitCode, String out, String err) {}

  private static Result execute(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine commandLine = CommitbenchMain.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    return new Result(commandLine.execute(args), out.toString(), err.toString());
  }

  @Test
  void anUnmanagedServerGetsCommandsMarkedNotExecutedEvenWithApply() {
    Result r = execute("storage", "relocate-log", "--url", "jdbc:postgresql://db:5432/x", "--to", "/ssd", "--apply");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("NOT EXECUTED").contains("pg_ctl -D \"$PGDATA\" stop -m fast")
        .contains("--apply ignored");
  }

  @Test
  void aDirectoryThatIsNoInstanceIsBadInput() {
    Result r = execute("storage", "relocate-log", "--instance", dir.toString(), "--to", "/ssd");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("is not a managed instance");
    assertThat(execute("storage", "instance", "status", "--instance", dir.toString()).exitCode()).isEqualTo(2);
  }

  @Test
  void instanceAndUrlExcludeEachOther() {
    Result r = execute("storage", "relocate-log", "--instance", dir.toString(), "--url", "jdbc:mariadb://h/x",
        "--to", "/ssd");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("mutually exclusive");
  }

  @Test
  void anUnknownKindIsRefusedListingTheKinds() {
    Result r = execute("storage", "instance", "create", "--kind", "oracle", "--instance", dir.toString(), "--apply");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("[mariadb, postgresql]");
  }

  @Test
  void undoOfAFileThatIsNoJournalIsRefused() throws Exception {
    Path file = java.nio.file.Files.writeString(dir.resolve("x"), "not json\n");
    Result r = execute("storage", "undo", file.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("cannot undo");
  }
}
