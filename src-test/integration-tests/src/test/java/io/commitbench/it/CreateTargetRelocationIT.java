package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.JournalEntry;
import io.commitbench.storage.journal.JournalReader;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code storage relocate-log --create-target} for real, through the command line: a managed
 * instance's log moves into a directory that does not exist yet; the agent makes it, hands it to
 * the server's OS user, the server runs and writes there; {@code storage undo} moves the log back
 * and removes the directory again when it is empty. PostgreSQL keeps the WAL it moved away from
 * (renamed {@code pg_wal.moved-1}), also on the way back, so its directory is not empty then
 * and stays, named in the output; MariaDB deletes the old {@code ib_logfile0} after a verified
 * move, so its directory is empty and goes.
 */
class CreateTargetRelocationIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final Pattern JOURNAL = Pattern.compile("moved in ([0-9.]+) s; journal: (\\S+)");

  @ParameterizedTest
  @ValueSource(strings = {"postgresql", "mariadb"})
  void relocatesIntoADirectoryItMakesAndUndoRemovesItWhenEmpty(String kind) throws Exception {
    InstanceItSupport.requirements(kind);
    Path base = InstanceItSupport.base("instance-it-create-target-" + kind + "-");
    ProcessCommandRunner runner = ProcessCommandRunner.standard();
    ManagedInstance instance = null;
    try {
      instance = ManagedInstance.create(kind, base.resolve("inst"), base.resolve("inst/data"), base.resolve("a"), 0,
          Optional.empty(), runner);
      String user = instance.engine().osUser();
      Path dir = instance.descriptor().instanceDir();
      Path made = base.resolve("made");
      LogChecks checks = LogChecks.of(kind, instance);
      String url = instance.engine().jdbcUrl(instance.descriptor());
      checks.createSentinel(url);
      String before = checks.fingerprint(url);

      CliResult refused = cli("storage", "relocate-log", "--instance", dir.toString(), "--to", made.toString(),
          "--allow-root", base.toString(), "--apply");
      assertThat(refused.exitCode()).as(refused.describe()).isEqualTo(2);
      assertThat(refused.err()).contains("does not exist").contains("--create-target");
      assertThat(made).doesNotExist();

      CliResult dry = cli("storage", "relocate-log", "--instance", dir.toString(), "--to", made.toString(),
          "--allow-root", base.toString(), "--create-target");
      assertThat(dry.exitCode()).as(dry.describe()).isZero();
      assertThat(dry.out()).contains("mkdir " + made).contains("chown " + user + ": " + made);
      assertThat(made).as("a dry run makes nothing").doesNotExist();
      // the plan read the server's WAL limits (PostgreSQL) and says so only when the target may be too small
      assertThat(dry.out()).doesNotContain("not checked whether");
      dry.out().lines().filter(l -> l.contains("free in")).forEach(l -> System.out.println(PREFIX + kind + ":" + l));
      if (kind.equals("postgresql")) {
        walMayOutgrowTheTarget(url, dir, made, base);
      }

      CliResult moved = cli("storage", "relocate-log", "--instance", dir.toString(), "--to", made.toString(),
          "--allow-root", base.toString(), "--create-target", "--apply");
      assertThat(moved.exitCode()).as(moved.describe()).isZero();
      Matcher m = JOURNAL.matcher(moved.out());
      assertThat(m.find()).as(moved.out()).isTrue();
      Path journal = Path.of(m.group(2));
      System.out.println(PREFIX + kind + ": relocate-log --create-target a -> made took " + m.group(1) + " s");
      assertThat(JournalReader.read(journal).steps()).extracting(JournalEntry::text)
          .contains("made the target directory", "handed the target directory to the server's OS user");
      assertThat(Files.isDirectory(made)).isTrue();
      assertThat(Files.getOwner(made, LinkOption.NOFOLLOW_LINKS).getName()).as("owner of " + made).isEqualTo(user);
      ManagedInstance after = ManagedInstance.open(dir, runner);
      assertThat(after.running()).isTrue();
      assertThat(after.descriptor().logDir()).isEqualTo(made);
      checks.logIsIn(after, made);
      assertThat(checks.fingerprint(url)).as("sentinel after the move").isEqualTo(before);
      checks.write(url);
      String written = checks.fingerprint(url);
      assertThat(written).as("the server writes with its log in the made directory").isNotEqualTo(before);

      CliResult undone = cli("storage", "undo", journal.toString(), "--apply");
      assertThat(undone.exitCode()).as(undone.describe()).isZero();
      Matcher u = JOURNAL.matcher(undone.out());
      assertThat(u.find()).as(undone.out()).isTrue();
      System.out.println(PREFIX + kind + ": undo made -> a took " + u.group(1) + " s");
      ManagedInstance back = ManagedInstance.open(dir, runner);
      assertThat(back.descriptor().logDir()).isEqualTo(base.resolve("a"));
      checks.logIsIn(back, base.resolve("a"));
      assertThat(checks.fingerprint(url)).as("sentinel after undo").isEqualTo(written);
      List<String> undoSteps = JournalReader.read(Path.of(u.group(2))).entries().stream().map(JournalEntry::text)
          .toList();
      if (kind.equals("postgresql")) {
        // the WAL moved away from is kept, so the made directory holds it and stays
        try (Stream<Path> held = Files.list(made)) {
          assertThat(held.map(p -> p.getFileName().toString()).toList()).singleElement()
              .isEqualTo("pg_wal.moved-1");
        }
        assertThat(undone.out()).contains("left the directory the relocation made, " + made + ": it is not empty");
        assertThat(undoSteps).anySatisfy(t -> assertThat(t).startsWith("left the directory the relocation made"));
        System.out.println(PREFIX + kind + ": " + undone.out().lines().filter(l -> l.startsWith("left the"))
            .findFirst().orElse(""));
        // the first move kept the old WAL in a, which create made: destroy's plan names it before removing it
        Path keptInA = base.resolve("a").resolve("pg_wal.moved-1");
        assertThat(keptInA).isDirectory();
        CliResult plan = cli("storage", "instance", "destroy", "--instance", dir.toString());
        assertThat(plan.exitCode()).as(plan.describe()).isZero();
        assertThat(plan.out()).contains("remove the old logs its relocations kept inside what it removes: " + keptInA)
            .contains("rm -rf " + keptInA);
      } else {
        assertThat(made).as("undo removes the directory the move made, empty again").doesNotExist();
        assertThat(undoSteps).contains("removed the directory the relocation made");
      }
    } finally {
      if (instance != null) {
        ManagedInstance left = ManagedInstance.open(base.resolve("inst"), runner);
        InstanceItSupport.quietly(left::destroy);
      }
      InstanceItSupport.deleteTree(base);
    }
  }

  /** With max_wal_size above the target's free space the plan warns, and still plans the move. */
  private static void walMayOutgrowTheTarget(String url, Path dir, Path made, Path base) throws Exception {
    setMaxWalSize(url, "ALTER SYSTEM SET max_wal_size = '1000TB'", "1000TB");
    try {
      CliResult dry = cli("storage", "relocate-log", "--instance", dir.toString(), "--to", made.toString(),
          "--allow-root", base.toString(), "--create-target");
      assertThat(dry.exitCode()).as(dry.describe()).isZero();
      assertThat(dry.out()).contains("WARNING: the WAL may grow to 1,099,511,627,776,000 bytes (max_wal_size 1000 TB"
          + " + wal_keep_size 0 B, from pg_settings)").contains("mkdir " + made);
      dry.out().lines().filter(l -> l.contains("WARNING")).forEach(l -> System.out.println(PREFIX + "postgresql:" + l));
    } finally {
      setMaxWalSize(url, "ALTER SYSTEM RESET max_wal_size", "1GB");
    }
  }

  private static void setMaxWalSize(String url, String statement, String expected) throws Exception {
    LogChecks.exec(url, "postgres", statement, "SELECT pg_reload_conf()");
    for (int i = 0; i < 50 && !LogChecks.one(url, "postgres", "SHOW max_wal_size").equals(expected); i++) {
      Thread.sleep(100);
    }
    assertThat(LogChecks.one(url, "postgres", "SHOW max_wal_size")).isEqualTo(expected);
  }

  private static CliResult cli(String... args) {
    return Commitbench.execute(List.of(args));
  }
}
