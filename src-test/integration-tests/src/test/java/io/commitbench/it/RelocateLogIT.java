package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.JournalReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Moving a managed instance's log between two directories and back, for real, through the
 * command line: {@code storage relocate-log --apply}, then {@code storage undo JOURNAL --apply}.
 * A sentinel table's row count and server-side checksum must be the same before and after each
 * move, the server must pass its consistency check (PostgreSQL: stopped, {@code pg_checksums
 * --check} and, running, {@code pg_amcheck}; MariaDB: {@code CHECK TABLE … EXTENDED}), and each
 * refusal (missing target, target the server's user cannot write, target outside the allowed
 * roots, a relocation in progress) must leave the instance running and unchanged. Every step of
 * both journals carries an exit code. {@code storage instance destroy} keeps both journals in
 * {@code INSTANCE.journals} next to the instance directory.
 */
class RelocateLogIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final Pattern JOURNAL = Pattern.compile("moved in ([0-9.]+) s; journal: (\\S+)");

  @ParameterizedTest
  @ValueSource(strings = {"postgresql", "mariadb"})
  void relocateAndUndoKeepTheDataAndRefusalsChangeNothing(String kind) throws Exception {
    InstanceItSupport.requirements(kind);
    Path base = InstanceItSupport.base("instance-it-relocate-" + kind + "-");
    ProcessCommandRunner runner = ProcessCommandRunner.standard();
    ManagedInstance instance = null;
    try {
      instance = ManagedInstance.create(kind, base.resolve("inst"), base.resolve("inst/data"), base.resolve("a"), 0,
          Optional.empty(), runner);
      String user = instance.engine().osUser();
      Path b = Files.createDirectories(base.resolve("b"));
      runner.run(Command.of("chown", user + ":", b.toString()));
      Path dir = instance.descriptor().instanceDir();
      LogChecks checks = LogChecks.of(kind, instance);
      String url = instance.engine().jdbcUrl(instance.descriptor());
      checks.createSentinel(url);
      String before = checks.fingerprint(url);

      refusalsLeaveItAsItWas(instance, base, b, user, runner);

      // dry run first: a plan, nothing moved
      CliResult dry = cli("storage", "relocate-log", "--instance", dir.toString(), "--to", b.toString(),
          "--allow-root", base.toString());
      assertThat(dry.exitCode()).as(dry.describe()).isZero();
      assertThat(dry.out()).contains("dry run");
      assertThat(ManagedInstance.open(dir, runner).descriptor().logDir()).isEqualTo(base.resolve("a"));

      CliResult moved = cli("storage", "relocate-log", "--instance", dir.toString(), "--to", b.toString(),
          "--allow-root", base.toString(), "--apply");
      assertThat(moved.exitCode()).as(moved.describe()).isZero();
      Matcher m = JOURNAL.matcher(moved.out());
      assertThat(m.find()).as(moved.out()).isTrue();
      Path journal = Path.of(m.group(2));
      System.out.println(PREFIX + kind + ": relocate-log a -> b took " + m.group(1) + " s (stop, copy, start, verify)");
      assertThat(JournalReader.read(journal).completed()).isTrue();
      InstanceItSupport.everyStepHasAnExitCode(JournalReader.read(journal));
      assertThat(dir.resolve("relocate-log.lock")).doesNotExist();
      ManagedInstance after = ManagedInstance.open(dir, runner);
      assertThat(after.running()).isTrue();
      assertThat(after.descriptor().logDir()).isEqualTo(b);
      checks.logIsIn(after, b);
      assertThat(checks.fingerprint(url)).as("sentinel after the move").isEqualTo(before);
      checks.consistent(after, url);
      checks.write(url);
      String written = checks.fingerprint(url);
      assertThat(written).isNotEqualTo(before);

      CliResult undone = cli("storage", "undo", journal.toString(), "--apply");
      assertThat(undone.exitCode()).as(undone.describe()).isZero();
      m = JOURNAL.matcher(undone.out());
      assertThat(m.find()).isTrue();
      System.out.println(PREFIX + kind + ": undo b -> a took " + m.group(1) + " s");
      InstanceItSupport.everyStepHasAnExitCode(JournalReader.read(Path.of(m.group(2))));
      ManagedInstance back = ManagedInstance.open(dir, runner);
      assertThat(back.descriptor().logDir()).isEqualTo(base.resolve("a"));
      checks.logIsIn(back, base.resolve("a"));
      assertThat(checks.fingerprint(url)).as("sentinel after undo").isEqualTo(written);
      checks.consistent(back, url);
      CliResult again = cli("storage", "undo", journal.toString());
      assertThat(again.exitCode()).as("undoing the same journal twice is refused").isEqualTo(2);
      assertThat(again.err()).contains("not in " + b);

      // destroy keeps the journals of both moves, next to the instance directory, and says where
      CliResult destroyed = cli("storage", "instance", "destroy", "--instance", dir.toString(), "--apply");
      assertThat(destroyed.exitCode()).as(destroyed.describe()).isZero();
      instance = null;
      Path kept = base.resolve("inst.journals");
      assertThat(dir).doesNotExist();
      Path undoJournal = Path.of(m.group(2));
      for (Path j : List.of(journal, undoJournal)) {
        assertThat(kept.resolve(j.getFileName())).as("%s kept\n%s", j.getFileName(), destroyed.out()).isRegularFile();
        assertThat(JournalReader.read(kept.resolve(j.getFileName())).completed()).isTrue();
      }
      assertThat(destroyed.out()).contains("journals kept in " + kept);
    } finally {
      if (instance != null) {
        ManagedInstance left = ManagedInstance.open(base.resolve("inst"), runner);
        InstanceItSupport.quietly(left::destroy);
      }
      InstanceItSupport.deleteTree(base);
    }
  }

  private void refusalsLeaveItAsItWas(ManagedInstance instance, Path base, Path b, String user,
      ProcessCommandRunner runner) throws Exception {
    Path dir = instance.descriptor().instanceDir();
    String descriptor = Files.readString(dir.resolve(InstanceDescriptor.FILE));
    Path closed = Files.createDirectories(base.resolve("closed"));
    Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwx------"));
    Path outside = Files.createTempDirectory("instance-it-outside-");
    Files.setPosixFilePermissions(outside, PosixFilePermissions.fromString("rwxr-xr-x"));
    runner.run(Command.of("chown", user + ":", outside.toString()));
    List<String[]> cases = new ArrayList<>();
    cases.add(new String[] {base.resolve("missing").toString(), "does not exist"});
    cases.add(new String[] {closed.toString(), "not writable by the server's OS user " + user});
    cases.add(new String[] {outside.toString(), "outside the directories"});
    try {
      for (String[] c : cases) {
        CliResult r = cli("storage", "relocate-log", "--instance", dir.toString(), "--to", c[0], "--allow-root",
            base.toString(), "--apply");
        assertThat(r.exitCode()).as(r.describe()).isEqualTo(2);
        assertThat(r.err()).contains(c[1]);
        System.out.println(PREFIX + "refused as expected: " + r.err().strip());
        unchanged(instance, dir, descriptor, runner);
        assertThat(dir.resolve("relocate-log.lock")).doesNotExist();
      }
      Path lock = dir.resolve("relocate-log.lock");
      Files.writeString(lock, "/crashed/relocate-log-1.jsonl\n");
      CliResult r = cli("storage", "relocate-log", "--instance", dir.toString(), "--to", b.toString(), "--allow-root",
          base.toString(), "--apply");
      assertThat(r.exitCode()).as(r.describe()).isEqualTo(2);
      assertThat(r.err()).contains("in progress").contains("/crashed/relocate-log-1.jsonl");
      System.out.println(PREFIX + "refused as expected: " + r.err().strip());
      unchanged(instance, dir, descriptor, runner);
      assertThat(Files.readString(lock)).as("the crashed relocation's lock is left alone")
          .isEqualTo("/crashed/relocate-log-1.jsonl\n");
      Files.delete(lock);
    } finally {
      Files.deleteIfExists(outside);
    }
  }

  private static void unchanged(ManagedInstance instance, Path dir, String descriptor, ProcessCommandRunner runner)
      throws Exception {
    ManagedInstance now = ManagedInstance.open(dir, runner);
    assertThat(now.running()).as("still running").isTrue();
    assertThat(Files.readString(dir.resolve(InstanceDescriptor.FILE))).isEqualTo(descriptor);
    assertThat(Files.exists(instance.currentLog())).isTrue();
  }

  private static CliResult cli(String... args) {
    return Commitbench.execute(List.of(args));
  }
}
