package io.commitbench.storage.relocate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.instance.RelocationLock;
import io.commitbench.storage.journal.JournalEntry;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.postgresql.PostgresqlWalRelocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A PostgreSQL WAL move whose verification fails (pg_controldata does not say "in production"):
 * everything goes back, the server is started on the old WAL, and the journal says so.
 */
class PostgresqlWalRollbackTest {

  @TempDir Path base;

  @Test
  void aFailedVerificationPutsTheOldWalBackAndStartsAsBefore() throws Exception {
    // every command "succeeds" with empty output, so pg_controldata shows no cluster state
    RecordingRunner runner = RecordingRunner.allSucceed();
    ManagedInstance pg = FakePostgresqlInstance.create(base, runner);
    Path inst = pg.descriptor().instanceDir();
    Path target = Files.createDirectories(base.resolve("fast"));
    PostgresqlWalRelocation r = new PostgresqlWalRelocation(pg, target, List.of(base), runner, Clock.systemUTC());
    Path file = base.resolve("j.jsonl");

    try (Applier applier = Applier.begin(file, ManagedLogRelocation.OPERATION, r.journalParameters(), runner,
        line -> { })) {
      assertThatThrownBy(() -> r.apply(applier)).hasMessageContaining("not 'in production'");
    }

    assertThat(Files.readSymbolicLink(inst.resolve("data/pg_wal"))).isEqualTo(inst.resolve("log/pg_wal"));
    assertThat(inst.resolve("log/pg_wal/000000010000000000000001")).exists();
    assertThat(target.resolve("pg_wal")).doesNotExist();
    assertThat(InstanceDescriptor.read(inst).logDir()).isEqualTo(inst.resolve("log"));
    assertThat(inst.resolve(RelocationLock.FILE)).doesNotExist();
    JournalReader.Contents contents = JournalReader.read(file);
    assertThat(contents.completed()).isFalse();
    assertThat(contents.outcome().orElseThrow()).contains("rolled back");
    assertThat(contents.steps()).extracting(JournalEntry::text).containsExactly("took the relocation lock",
        "stopped the server",
        "copied the WAL", "pointed pg_wal at the copy", "recorded the new log directory in the instance descriptor",
        "started the server", "stopped the server", "pointed pg_wal back at the old WAL", "removed the copy",
        "recorded the old log directory in the instance descriptor", "started the server with its log in "
            + inst.resolve("log"));
    assertThat(contents.steps()).as("the move's and the roll back's every step says what ran and its exit code")
        .allSatisfy(e -> assertThat(e.detail().get("exit")).isNotNull().matches("-?[0-9]+(\n-?[0-9]+)*"));
    assertThat(contents.entries()).filteredOn(e -> e.text().startsWith("action failed after "))
        .singleElement().satisfies(e -> assertThat(e.detail().get("ran")).endsWith("pg_controldata -D " + inst
            + "/data"))
        .satisfies(e -> assertThat(e.detail().get("exit")).endsWith("\n1"));
  }

  @Test
  void aFailedMoveRemovesTheTargetItMade() throws Exception {
    RecordingRunner runner = RecordingRunner.allSucceed();
    ManagedInstance pg = FakePostgresqlInstance.create(base, runner);
    Path made = base.resolve("made");
    ManagedLogRelocation r = new PostgresqlWalRelocation(pg, made, List.of(base), runner, Clock.systemUTC())
        .creatingTarget(true);
    Path file = base.resolve("j.jsonl");

    try (Applier applier = Applier.begin(file, ManagedLogRelocation.OPERATION, r.journalParameters(), runner,
        line -> { })) {
      assertThatThrownBy(() -> r.apply(applier)).hasMessageContaining("not 'in production'");
    }

    assertThat(made).doesNotExist();
    assertThat(runner.commands).extracting(c -> c.display()).contains("chown postgres: " + made);
    assertThat(JournalReader.read(file).steps()).extracting(JournalEntry::text).startsWith("took the relocation lock",
        "made the target directory", "handed the target directory to the server's OS user", "stopped the server")
        .contains("removed the directory the relocation made");
  }
}
