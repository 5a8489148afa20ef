package io.commitbench.storage.relocate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.instance.RelocationLock;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.PlannedStep;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.postgresql.PostgresqlWalRelocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PostgresqlWalRelocationTest {

  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T08:01:02Z"), ZoneOffset.UTC);

  @TempDir Path base;
  private Path inst;
  private Path target;

  @BeforeEach
  void setUp() throws Exception {
    inst = base.resolve("pg");
    target = Files.createDirectories(base.resolve("fast"));
  }

  private PostgresqlWalRelocation relocation(RecordingRunner runner, Path to, List<Path> roots) throws Exception {
    ManagedInstance pg = FakePostgresqlInstance.create(base, runner);
    return new PostgresqlWalRelocation(pg, to, roots, runner, CLOCK);
  }

  @Test
  void planStopsCopiesSwapsStartsVerifiesAndKeepsTheOldWal() throws Exception {
    RecordingRunner runner = RecordingRunner.allSucceed();
    Plan plan = relocation(runner, target, List.of(base)).plan();

    String bin = "/usr/lib/postgresql/15/bin/";
    // The server is started as the instance's engine starts it: with pg_wait_sampling where this host has it.
    String preload = Files.isRegularFile(Path.of("/usr/lib/postgresql/15/lib/pg_wait_sampling.so"))
        ? " -c shared_preload_libraries=pg_wait_sampling" : "";
    assertThat(plan.steps()).extracting(PlannedStep::actions).containsExactly(
        List.of("runuser -u postgres -- " + bin + "pg_ctl -D " + inst + "/data -m fast -w -t 120 stop"),
        List.of("cp -a -T " + inst + "/log/pg_wal " + target + "/pg_wal", "sync " + target + "/pg_wal"),
        List.of("ln -s " + target + "/pg_wal " + inst + "/data/pg_wal.commitbench-new",
            "mv -T " + inst + "/data/pg_wal.commitbench-new " + inst + "/data/pg_wal"),
        List.of(inst + "/instance.json: \"logDir\": \"" + target + "\""),
        List.of("runuser -u postgres -- " + bin + "pg_ctl -D " + inst + "/data -w -t 120 -l " + inst
            + "/server.log -o '-p 45678 -k " + inst + "/socket -c listen_addresses=127.0.0.1" + preload + "' start"),
        List.of(bin + "psql -X -q -h 127.0.0.1 -p 45678 -U postgres -d postgres -v ON_ERROR_STOP=1 -At -F '\t' -c "
            + "'SELECT pg_current_wal_lsn()'", "runuser -u postgres -- " + bin + "pg_controldata -D " + inst + "/data"),
        List.of("mv -T " + inst + "/log/pg_wal " + inst + "/log/pg_wal.moved-1"));
    assertThat(plan.notes()).contains("the old WAL is kept as " + inst + "/log/pg_wal.moved-1, not deleted");
    assertThat(plan.notes()).anySatisfy(n -> assertThat(n).contains("16,777,216 bytes").contains("needed: 87,241,523"));
    // planning asked whether postgres may write to the target and the server for its WAL limits; it changed nothing
    assertThat(runner.commands).extracting(c -> c.display()).satisfiesExactly(
        c -> assertThat(c).isEqualTo("runuser -u postgres -- test -w " + target + " -a -x " + target),
        c -> assertThat(c).startsWith(bin + "psql ").contains("FROM pg_settings"));
    assertThat(Files.readSymbolicLink(inst.resolve("data/pg_wal"))).isEqualTo(inst.resolve("log/pg_wal"));
    assertThat(target).isEmptyDirectory();
  }

  @Test
  void refusesAMissingTarget() throws Exception {
    assertThatThrownBy(() -> relocation(RecordingRunner.allSucceed(), base.resolve("nope"), List.of(base)).plan())
        .isInstanceOf(RefusedException.class).hasMessageContaining("does not exist; give an existing directory");
  }

  /** A clock a second further at every reading: names taken from it at plan and at apply time differ. */
  private static Clock ticking() {
    return new Clock() {
      private Instant now = Instant.parse("2026-11-21T08:01:02Z");

      @Override
      public synchronized Instant instant() {
        now = now.plusSeconds(1);
        return now;
      }

      @Override
      public ZoneOffset getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(java.time.ZoneId zone) {
        throw new UnsupportedOperationException();
      }
    };
  }

  @Test
  void aDryRunsPlanNamesThePathsALaterApplyUsesAndANextMoveTakesTheNextName() throws Exception {
    // every command succeeds; pg_controldata reports a cluster in production, so the move completes
    CommandRunner runner = c -> new CommandResult(c, 0,
        c.display().contains("pg_controldata") ? "Database cluster state:               in production\n" : "", "");
    // the dry run and the apply are two processes: two objects, each with a clock that has moved on
    PostgresqlWalRelocation dryRun = new PostgresqlWalRelocation(FakePostgresqlInstance.create(base, runner), target,
        List.of(base), runner, ticking());
    List<PlannedStep> planned = dryRun.plan().steps();
    String keep = planned.get(planned.size() - 1).actions().get(0);
    Path kept = Path.of(keep.substring(keep.lastIndexOf(' ') + 1));
    assertThat(kept).isEqualTo(inst.resolve("log/pg_wal.moved-1"));
    Path file = base.resolve("j.jsonl");

    PostgresqlWalRelocation applied = new PostgresqlWalRelocation(ManagedInstance.open(inst, runner), target,
        List.of(base), runner, ticking());
    try (Applier applier = Applier.begin(file, ManagedLogRelocation.OPERATION, applied.journalParameters(), runner,
        line -> { })) {
      assertThat(applied.plan().steps()).as("the apply's own plan").isEqualTo(planned);
      applied.apply(applier);
    }

    assertThat(JournalReader.read(file).steps()).filteredOn(e -> e.text().equals("kept the old WAL directory"))
        .singleElement().satisfies(e -> assertThat(e.detail()).containsEntry("path", kept.toString())
            .satisfies(d -> assertThat(d.get("ran")).endsWith("\nmv -T " + inst.resolve("log/pg_wal") + " " + kept)));
    assertThat(kept).isDirectory();
    // where an old WAL was kept already (by an earlier move or undo), the next one takes the next free name
    Files.createDirectories(target.resolve("pg_wal.moved-1"));
    Path other = Files.createDirectories(base.resolve("other"));
    PostgresqlWalRelocation next = new PostgresqlWalRelocation(ManagedInstance.open(inst, runner), other,
        List.of(base), runner, CLOCK);
    List<PlannedStep> again = next.plan().steps();
    assertThat(again.get(again.size() - 1).actions()).containsExactly("mv -T " + target.resolve("pg_wal") + " "
        + target.resolve("pg_wal.moved-2"));
  }

  /** A runner whose psql answers the WAL settings query with these rows; every command succeeds. */
  private static CommandRunner settings(String rows) {
    return c -> new CommandResult(c, 0, c.display().contains("pg_settings") ? rows : "", "");
  }

  @Test
  void thePlanWarnsWhenTheWalMayOutgrowTheTargetsFreeSpaceButDoesNotRefuse() throws Exception {
    // 1 PiB of max_wal_size: more than any test machine's free space
    CommandRunner runner = settings("max_wal_size\t1073741824\tMB\nwal_keep_size\t0\tMB\n");
    ManagedInstance pg = FakePostgresqlInstance.create(base, runner);
    Plan plan = new PostgresqlWalRelocation(pg, target, List.of(base), runner, CLOCK).plan();
    assertThat(plan.notes()).anySatisfy(n -> assertThat(n)
        .startsWith("WARNING: the WAL may grow to 1,125,899,906,842,624 bytes (max_wal_size 1024 TB + wal_keep_size"
            + " 0 B, from pg_settings), more than the ").contains("bytes free in " + target));
    assertThat(plan.steps()).isNotEmpty();
  }

  @Test
  void thePlanSaysNothingWhenTheWalFitsAndSaysWhenItCouldNotCheck() throws Exception {
    CommandRunner fits = settings("max_wal_size\t1\tMB\nwal_keep_size\t0\tMB\n");
    ManagedInstance pg = FakePostgresqlInstance.create(base, fits);
    assertThat(new PostgresqlWalRelocation(pg, target, List.of(base), fits, CLOCK).plan().notes())
        .noneSatisfy(n -> assertThat(n).contains("WARNING"));
    RecordingRunner silent = RecordingRunner.allSucceed(); // psql answers nothing
    ManagedInstance quiet = FakePostgresqlInstance.create(Files.createDirectories(base.resolve("other")), silent);
    assertThat(new PostgresqlWalRelocation(quiet, target, List.of(base), silent, CLOCK).plan().notes())
        .anySatisfy(n -> assertThat(n).startsWith("not checked whether the WAL may outgrow the free space in " + target)
            .contains("no max_wal_size"));
  }

  @Test
  void aMissingTargetIsRefusedNamingTheOptionThatMakesIt() throws Exception {
    assertThatThrownBy(() -> relocation(RecordingRunner.allSucceed(), base.resolve("nope"), List.of(base)).plan())
        .isInstanceOf(RefusedException.class).hasMessageContaining("add --create-target");
  }

  @Test
  void withCreateTargetThePlanMakesTheMissingTargetFirstAndHandsItToPostgres() throws Exception {
    RecordingRunner runner = RecordingRunner.allSucceed();
    Path missing = base.resolve("new");
    Plan plan = relocation(runner, missing, List.of(base)).creatingTarget(true).plan();

    assertThat(plan.steps().get(0).actions()).containsExactly("mkdir " + missing, "chown postgres: " + missing);
    assertThat(plan.steps().get(0).description()).contains("undo removes it again if it is empty");
    assertThat(plan.steps().get(1).description()).startsWith("stop the server");
    assertThat(plan.steps().get(2).actions()).contains("cp -a -T " + inst + "/log/pg_wal " + missing + "/pg_wal");
    assertThat(plan.notes()).anySatisfy(n -> assertThat(n).contains("free in " + base + ":"));
    // planning made nothing and, with no directory yet, asked nothing but the server's WAL limits
    assertThat(missing).doesNotExist();
    assertThat(runner.commands).extracting(c -> c.display())
        .singleElement().satisfies(c -> assertThat(c).contains("FROM pg_settings"));
  }

  @Test
  void withCreateTargetAnExistingTargetIsUsedAsItIs() throws Exception {
    RecordingRunner runner = RecordingRunner.allSucceed();
    Plan plan = relocation(runner, target, List.of(base)).creatingTarget(true).plan();
    assertThat(plan.steps().get(0).description()).startsWith("stop the server");
    assertThat(plan.notes()).anySatisfy(n -> assertThat(n).contains("exists already; nothing is made"));
    assertThat(runner.commands).extracting(c -> c.display()).first()
        .isEqualTo("runuser -u postgres -- test -w " + target + " -a -x " + target);
  }

  @Test
  void withCreateTargetAMissingParentIsRefused() throws Exception {
    Path deep = base.resolve("no/such");
    assertThatThrownBy(() -> relocation(RecordingRunner.allSucceed(), deep, List.of(base)).creatingTarget(true).plan())
        .isInstanceOf(RefusedException.class).hasMessageContaining("neither does its parent " + base.resolve("no"))
        .hasMessageContaining("makes the last directory only");
    assertThat(base.resolve("no")).doesNotExist();
  }

  @Test
  void withCreateTargetAMissingTargetOutsideTheRootsIsRefused() throws Exception {
    assertThatThrownBy(() -> relocation(RecordingRunner.allSucceed(), base.resolve("new"), List.of(inst))
        .creatingTarget(true).plan()).isInstanceOf(RefusedException.class).hasMessageContaining("outside the directories");
    assertThat(base.resolve("new")).doesNotExist();
  }

  @Test
  void refusesATargetThePostgresUserCannotWrite() throws Exception {
    RecordingRunner runner = new RecordingRunner(c -> c.argv().get(0).equals("test"));
    assertThatThrownBy(() -> relocation(runner, target, List.of(base)).plan())
        .isInstanceOf(RefusedException.class).hasMessageContaining("not writable by the server's OS user postgres");
  }

  @Test
  void refusesATargetOutsideTheAllowedRootsAndNamesThem() throws Exception {
    assertThatThrownBy(() -> relocation(RecordingRunner.allSucceed(), target, List.of(inst)).plan())
        .isInstanceOf(RefusedException.class).hasMessageContaining("outside the directories")
        .hasMessageContaining("allowed: [" + inst.toRealPath() + "]");
  }

  @Test
  void refusesTheCurrentLocation() throws Exception {
    Files.createDirectories(inst.resolve("log"));
    assertThatThrownBy(() -> relocation(RecordingRunner.allSucceed(), inst.resolve("log"), List.of(base)).plan())
        .isInstanceOf(RefusedException.class).hasMessageContaining("already");
  }

  @Test
  void refusesATargetThatHoldsAPgWal() throws Exception {
    Files.createDirectories(target.resolve("pg_wal"));
    assertThatThrownBy(() -> relocation(RecordingRunner.allSucceed(), target, List.of(base)).plan())
        .isInstanceOf(RefusedException.class).hasMessageContaining("exists already");
  }

  @Test
  void refusesWhileTheLockNamesAnotherJournal() throws Exception {
    PostgresqlWalRelocation r = relocation(RecordingRunner.allSucceed(), target, List.of(base));
    Files.writeString(inst.resolve(RelocationLock.FILE), "/j/other.jsonl\n");
    assertThatThrownBy(r::plan).isInstanceOf(RefusedException.class)
        .hasMessageContaining("in progress").hasMessageContaining("/j/other.jsonl");
  }

  @Test
  void refusesTooLittleSpaceSayingWhatIsNeededAndFree() {
    assertThatThrownBy(() -> RelocationChecks.requireSpace(target, 10L << 20, 16L << 20, 64L << 20))
        .isInstanceOf(RefusedException.class)
        .hasMessageContaining("10,485,760 bytes free").hasMessageContaining("87,241,523 needed");
  }
}
