package io.commitbench.storage.relocate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.instance.KeptOldLogs;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.instance.RelocationLock;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.PlannedStep;
import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recovery of a log move whose process died, on an instance of the fake kind: rolled back while
 * the server never ran on the copy, finished once the new log directory was recorded, and refused
 * while the lock's process lives or the lock is another relocation's.
 */
class RelocationRecoveryTest {

  @TempDir Path base;
  private Path inst;
  private Path target;
  private Path journal;

  @BeforeEach
  void setUp() throws Exception {
    target = Files.createDirectories(base.resolve("fast"));
    journal = base.resolve("relocate-log-1.journal");
  }

  /** The journal and the instance as a move killed after {@code steps} leaves them. */
  private ManagedInstance killedAfter(FakeKindServer server, String... steps) throws Exception {
    ManagedInstance instance = FakeKindInstance.create(base, server);
    inst = instance.descriptor().instanceDir();
    try (Journal j = Journal.begin(journal, ManagedLogRelocation.OPERATION, parameters())) {
      j.step(ManagedLogRelocation.LOCKED, Map.of("server", ManagedLogRelocation.RUNNING));
      for (String step : steps) {
        j.step(step);
      }
    }
    writeDeadLock();
    return instance;
  }

  private Map<String, String> parameters() {
    return Map.of("instance", inst.toString(), "kind", FakeKindEngine.KIND, "from", inst.resolve("log").toString(),
        "to", target.toString(), "log", inst.resolve("log").resolve(FakeKindEngine.LOG_FILE).toString());
  }

  /** A lock naming the journal and a pid that ran once and is gone: this test's own, with another start time. */
  private void writeDeadLock() throws Exception {
    Files.writeString(inst.resolve(RelocationLock.FILE), journal + "\npid " + ProcessHandle.current().pid()
        + "\nstarted 2000-01-01T00:00:00Z\n");
  }

  private JournaledRelocationRun recover(FakeKindServer server) throws Exception {
    return new JournaledRelocationRun(RelocationUndo.reverse(JournalReader.read(journal), server, Clock.systemUTC()),
        base.resolve("recovery.journal"), server);
  }

  @Test
  void aMoveKilledAfterTheCopyIsRolledBackAndTheServerStartedAsItWas() throws Exception {
    FakeKindServer server = new FakeKindServer(false);
    killedAfter(server, ManagedLogRelocation.STOPPED, "copied the fake log");
    Path copy = target.resolve(FakeKindEngine.LOG_FILE);
    Files.write(copy, new byte[1024]);
    JournaledRelocationRun recovery = recover(server);

    assertThat(recovery.relocation().plan().steps()).extracting(PlannedStep::description).containsExactly(
        "take over the relocation lock " + inst.resolve(RelocationLock.FILE),
        "remove the copy " + copy + " (the old fake log stays the log)",
        "start the server with its log in " + inst.resolve("log") + ", as it was", "release the relocation lock",
        "end the interrupted journal " + journal + ": rolled back, naming this recovery's journal");
    recovery.apply();

    assertThat(copy).doesNotExist();
    assertThat(inst.resolve("log").resolve(FakeKindEngine.LOG_FILE)).exists();
    assertThat(InstanceDescriptor.read(inst).logDir()).isEqualTo(inst.resolve("log"));
    assertThat(inst.resolve(RelocationLock.FILE)).doesNotExist();
    assertThat(server.running()).as("started again: it ran before the move").isTrue();
    assertThat(JournalReader.read(journal).outcome()).get().asString().contains("interrupted; rolled back");
    assertThat(JournalReader.read(recovery.journal()).completed()).isTrue();
    assertThatThrownBy(() -> RelocationUndo.reverse(JournalReader.read(journal), server, Clock.systemUTC()))
        .isInstanceOf(RefusedException.class).hasMessageContaining("did not complete");
  }

  @Test
  void aRolledBackMoveThatMadeItsTargetRemovesItWhenEmpty() throws Exception {
    FakeKindServer server = new FakeKindServer(false);
    Files.delete(target); // the move made it: --create-target
    inst = FakeKindInstance.create(base, server).descriptor().instanceDir();
    try (Journal j = Journal.begin(journal, ManagedLogRelocation.OPERATION, parameters())) {
      j.step(ManagedLogRelocation.LOCKED, Map.of("server", ManagedLogRelocation.RUNNING));
      j.step(ManagedLogRelocation.MADE_TARGET, Map.of("path", target.toString()));
      j.step(ManagedLogRelocation.STOPPED);
      j.step("copied the fake log");
    }
    writeDeadLock();
    Files.write(Files.createDirectories(target).resolve(FakeKindEngine.LOG_FILE), new byte[1024]);
    JournaledRelocationRun recovery = recover(server);

    assertThat(recovery.relocation().plan().steps()).extracting(PlannedStep::actions)
        .contains(List.of("rmdir " + target));
    recovery.apply();

    assertThat(target).as("the copy went, then the directory the move made").doesNotExist();
    assertThat(JournalReader.read(recovery.journal()).steps()).extracting(e -> e.text())
        .containsSubsequence("removed the copy", ManagedLogRelocation.REMOVED_MADE);
  }

  @Test
  void aMoveKilledOnceTheNewLogDirectoryWasRecordedIsFinished() throws Exception {
    FakeKindServer server = new FakeKindServer(true);
    ManagedInstance instance = killedAfter(server, ManagedLogRelocation.STOPPED, "copied the fake log",
        ManagedLogRelocation.RECORDED_NEW);
    Files.write(target.resolve(FakeKindEngine.LOG_FILE), new byte[1024]);
    instance.descriptor().withLogDir(target).write();
    JournaledRelocationRun recovery = recover(server);

    assertThat(String.join("\n", recovery.relocation().plan().render(Plan.Mode.DRY_RUN)))
        .contains(": finish it", "the copy is the log now", "storage undo " + journal + " --apply");
    recovery.apply();

    assertThat(InstanceDescriptor.read(inst).logDir()).isEqualTo(target);
    assertThat(inst.resolve("log").resolve(FakeKindEngine.LOG_FILE)).as("the old log, kept renamed as the move does")
        .doesNotExist();
    try (Stream<Path> kept = Files.list(inst.resolve("log"))) {
      assertThat(kept.map(p -> p.getFileName().toString()))
          .anyMatch(n -> n.startsWith(FakeKindEngine.LOG_FILE + KeptOldLogs.SUFFIX));
    }
    assertThat(server.running()).isTrue();
    assertThat(server.ctlCommands()).containsSubsequence("stop", "start");
    assertThat(inst.resolve(RelocationLock.FILE)).doesNotExist();
    assertThat(JournalReader.read(journal).completed()).as("the interrupted journal completed").isTrue();
  }

  @Test
  void refusesWhileTheLockIsHeldByAProcessThatRunsOrIsAnotherRelocations() throws Exception {
    FakeKindServer server = new FakeKindServer(false);
    killedAfter(server, ManagedLogRelocation.STOPPED);
    Path lock = inst.resolve(RelocationLock.FILE);
    Files.writeString(lock, journal + "\npid " + ProcessHandle.current().pid() + "\n");
    assertThatThrownBy(() -> recover(server)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("still running").hasMessageContaining("pid " + ProcessHandle.current().pid());

    Files.writeString(lock, "/elsewhere/relocate-log-2.journal\n");
    assertThatThrownBy(() -> recover(server)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("for another relocation, journal /elsewhere/relocate-log-2.journal");
    assertThat(server.ctlCommands()).doesNotContain("start", "stop");
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
