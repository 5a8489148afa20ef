package io.commitbench.storage.relocate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.instance.RelocationLock;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.PlannedStep;
import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recovery of a PostgreSQL WAL move killed after it swapped the pg_wal link, on a fake instance
 * and server: the link is pointed back at the old WAL and the copy removed.
 */
class PostgresqlWalRecoveryTest {

  @TempDir Path base;
  private Path inst;
  private Path target;
  private Path journal;

  @BeforeEach
  void setUp() throws Exception {
    target = Files.createDirectories(base.resolve("fast"));
    journal = base.resolve("relocate-log-1.journal");
  }

  /** The journal and the instance as a move killed after {@code steps} (the last is a step name) leaves them. */
  private ManagedInstance killedAfter(FakeServer server, String... steps) throws Exception {
    ManagedInstance pg = FakePostgresqlInstance.create(base, server);
    inst = pg.descriptor().instanceDir();
    try (Journal j = Journal.begin(journal, ManagedLogRelocation.OPERATION, Map.of("instance", inst.toString(),
        "kind", "postgresql", "from", inst.resolve("log").toString(), "to", target.toString(),
        "log", inst.resolve("log/pg_wal").toString()))) {
      j.step(ManagedLogRelocation.LOCKED, Map.of("server", ManagedLogRelocation.RUNNING));
      for (String step : steps) {
        j.step(step);
      }
    }
    // A pid that ran once and is gone: this test's own, with another start time.
    Files.writeString(inst.resolve(RelocationLock.FILE), journal + "\npid " + ProcessHandle.current().pid()
        + "\nstarted 2000-01-01T00:00:00Z\n");
    return pg;
  }

  private JournaledRelocationRun recover(FakeServer server) throws Exception {
    return new JournaledRelocationRun(RelocationUndo.reverse(JournalReader.read(journal), server, Clock.systemUTC()),
        base.resolve("recovery.journal"), server);
  }

  @Test
  void aMoveKilledAfterTheSwapIsRolledBackToTheOldWalAndTheServerStartedAsItWas() throws Exception {
    FakeServer server = new FakeServer(false);
    killedAfter(server, ManagedLogRelocation.STOPPED, "copied the WAL", "pointed pg_wal at the copy");
    Files.createDirectories(target.resolve("pg_wal"));
    Files.write(target.resolve("pg_wal/000000010000000000000001"), new byte[1024]);
    Files.delete(inst.resolve("data/pg_wal"));
    Files.createSymbolicLink(inst.resolve("data/pg_wal"), target.resolve("pg_wal"));
    Files.createSymbolicLink(inst.resolve("data/pg_wal.commitbench-new"), target.resolve("pg_wal"));
    JournaledRelocationRun recovery = recover(server);

    assertThat(recovery.relocation().plan().steps()).extracting(PlannedStep::description).containsExactly(
        "take over the relocation lock " + inst.resolve(RelocationLock.FILE),
        "remove the new link that was not renamed yet", "point pg_wal back at the old WAL atomically (in-process)",
        "remove the copy " + target.resolve("pg_wal") + " (the old WAL is complete and stays the log)",
        "start the server with its log in " + inst.resolve("log") + ", as it was", "release the relocation lock",
        "end the interrupted journal " + journal + ": rolled back, naming this recovery's journal");
    recovery.apply();

    assertThat(Files.readSymbolicLink(inst.resolve("data/pg_wal"))).isEqualTo(inst.resolve("log/pg_wal"));
    assertThat(inst.resolve("data/pg_wal.commitbench-new")).doesNotExist();
    assertThat(target.resolve("pg_wal")).doesNotExist();
    assertThat(inst.resolve("log/pg_wal/000000010000000000000001")).exists();
    assertThat(inst.resolve(RelocationLock.FILE)).doesNotExist();
    assertThat(server.running()).as("started again: it ran before the move").isTrue();
    assertThat(JournalReader.read(journal).outcome()).get().asString().contains("interrupted; rolled back");
    assertThat(JournalReader.read(recovery.journal()).completed()).isTrue();
    assertThatThrownBy(() -> RelocationUndo.reverse(JournalReader.read(journal), server, Clock.systemUTC()))
        .isInstanceOf(RefusedException.class).hasMessageContaining("did not complete");
  }

  /** A relocation and the journal it writes, as the command line runs it. */
  private record JournaledRelocationRun(JournaledRelocation relocation, Path journal, CommandRunner runner) {
    void apply() throws Exception {
      try (Applier applier = Applier.begin(journal, relocation.operation(), relocation.journalParameters(), runner,
          line -> { })) {
        relocation.apply(applier);
      }
    }
  }
}
