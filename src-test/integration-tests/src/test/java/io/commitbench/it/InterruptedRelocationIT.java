package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.Repository;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.JournalEntry;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.lab.Lab;
import io.commitbench.storage.lab.LabSpec;
import io.commitbench.core.host.lab.LabState;
import io.commitbench.storage.lab.Throttle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code kill -9} of a real {@code storage relocate-log --apply} (the shaded jar, its own JVM)
 * while it copies the log, and the one command that recovers from it. The target is on a lab hdd
 * whose writes are throttled to 2 MiB/s and the relocation runs in the lab's cgroup, so its fsync
 * of the copy takes seconds and the kill lands in the middle of it. Afterwards the server is
 * stopped, the lock is there and so is a partial copy; {@code storage instance status} shows the
 * lock (pid, since when, journal), a new relocation is refused with the recovery command, the dry
 * run of {@code storage undo JOURNAL} plans a roll back, and {@code --apply} removes the partial
 * copy and the lock and starts the server as it was, with the sentinel's rows and checksum
 * unchanged and the server's consistency check passing. The journal of the interrupted
 * relocation ends saying so, and both journals outlive {@code storage instance destroy}.
 */
class InterruptedRelocationIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final Pattern JOURNAL = Pattern.compile("(?m)^journal: (\\S+)$");
  /** The end of a relocation's or recovery's output: {@code … in 2.1 s; journal: PATH}. */
  private static final Pattern DONE = Pattern.compile(" s; journal: (\\S+)");
  private static final Duration COPY_WAIT = Duration.ofSeconds(120);
  /** Slow enough that copying even one 16 MiB WAL segment takes 8 s. */
  private static final Throttle SLOW_WRITES = new Throttle(0, 2L << 20, 0, 0);
  /** The step after which the server may run on the copy (ManagedLogRelocation.RECORDED_NEW). */
  private static final String RECORDED_NEW = "recorded the new log directory in the instance descriptor";

  private final CommandRunner runner = ProcessCommandRunner.standard();

  @ParameterizedTest
  @ValueSource(strings = {"postgresql", "mariadb"})
  void killedWhileCopyingIsRolledBackByUndo(String kind) throws Exception {
    LabItSupport.requirements();
    InstanceItSupport.requirements(kind);
    Path root = Files.createTempDirectory(Path.of("/var/tmp"), "lab-it-");
    Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path base = InstanceItSupport.base("interrupted-it-" + kind + "-");
    Path dir = base.resolve("inst");
    Process relocation = null;
    try {
      LabState lab = Lab.up(LabSpec.defaults(root).withId("lab-it-" + Integer.toHexString(ThreadLocalRandom.current()
          .nextInt())).withSizes(64L << 20, 512L << 20).withThrottle(SLOW_WRITES), runner, System.out);
      ManagedInstance instance = ManagedInstance.create(kind, dir, dir.resolve("data"), base.resolve("a"), 0,
          Optional.empty(), runner);
      String user = instance.engine().osUser();
      Path target = Files.createDirectories(lab.mount("hdd").resolve("log"));
      runner.run(Command.of("chown", user + ":", target.toString()));
      LogChecks checks = LogChecks.of(kind, instance);
      String url = instance.engine().jdbcUrl(instance.descriptor());
      checks.createSentinel(url);
      String before = checks.fingerprint(url);
      Path copy = instance.engine().logIn(target);

      Path out = base.resolve("relocate.out");
      relocation = new ProcessBuilder(Command.of(javaJar("storage", "relocate-log", "--instance", dir.toString(),
          "--to", target.toString(), "--allow-root", root.toString(), "--apply"))
          .inCgroup(lab.throttleCgroup().orElseThrow()).processArgv())
          .redirectErrorStream(true).redirectOutput(out.toFile()).start();
      awaitPartialCopy(relocation, copy, out);
      long pid = relocation.pid();
      assertThat(new ProcessBuilder("kill", "-9", Long.toString(pid)).start().waitFor()).isZero();
      assertThat(relocation.waitFor(30, TimeUnit.SECONDS)).isTrue();
      relocation = null;
      Matcher m = JOURNAL.matcher(Files.readString(out));
      assertThat(m.find()).as(Files.readString(out)).isTrue();
      Path journal = Path.of(m.group(1));
      System.out.println(PREFIX + kind + ": killed relocate-log (pid " + pid + ") while copying into " + copy
          + "; its journal: " + steps(journal));

      // What the kill left: the server stopped, the lock, a copy the journal never recorded as done.
      ManagedInstance left = ManagedInstance.open(dir, runner);
      assertThat(left.running()).as("the server stays stopped").isFalse();
      Path lock = dir.resolve("relocate-log.lock");
      assertThat(lock).exists();
      assertThat(copy).exists();
      assertThat(steps(journal)).noneMatch(s -> s.startsWith("copied"));

      CliResult status = cli("storage", "instance", "status", "--instance", dir.toString());
      status.out().lines().forEach(l -> System.out.println(PREFIX + l));
      assertThat(status.exitCode()).as(status.describe()).isZero();
      assertThat(status.out()).contains("relocation lock " + lock + ": held by pid " + pid + " (no longer running)",
          "since 20", "journal " + journal, "commitbench storage undo " + journal + " --apply");

      CliResult again = cli("storage", "relocate-log", "--instance", dir.toString(), "--to", target.toString(),
          "--allow-root", root.toString(), "--apply");
      assertThat(again.exitCode()).as(again.describe()).isEqualTo(2);
      assertThat(again.err()).contains("in progress", "commitbench storage undo " + journal + " --apply");

      CliResult plan = cli("storage", "undo", journal.toString());
      plan.out().lines().forEach(l -> System.out.println(PREFIX + l));
      assertThat(plan.exitCode()).as(plan.describe()).isZero();
      assertThat(plan.out()).contains("roll back", "remove the copy " + copy, "dry run");
      assertThat(lock).as("a dry run changes nothing").exists();
      assertThat(copy).exists();

      CliResult undone = cli("storage", "undo", journal.toString(), "--apply");
      assertThat(undone.exitCode()).as(undone.describe()).isZero();
      System.out.println(PREFIX + kind + ": undo of the interrupted journal: " + undone.out().lines()
          .filter(l -> l.contains(" s; journal: ")).toList());
      ManagedInstance back = ManagedInstance.open(dir, runner);
      assertThat(back.running()).as("started again, as it was before the relocation").isTrue();
      assertThat(back.descriptor().logDir()).isEqualTo(base.resolve("a"));
      assertThat(lock).doesNotExist();
      assertThat(copy).as("the partial copy").doesNotExist();
      checks.logIsIn(back, base.resolve("a"));
      assertThat(checks.fingerprint(url)).as("sentinel after the roll back").isEqualTo(before);
      checks.consistent(back, url);
      JournalReader.Contents interrupted = JournalReader.read(journal);
      assertThat(interrupted.outcome()).as("the interrupted journal ends").isPresent().get().asString()
          .contains("interrupted", "rolled back");
      everyStepHasAnExitCode(undone);
      InstanceItSupport.everyStepHasAnExitCode(interrupted);

      CliResult twice = cli("storage", "undo", journal.toString(), "--apply");
      assertThat(twice.exitCode()).as(twice.describe()).isEqualTo(2);

      CliResult destroyed = cli("storage", "instance", "destroy", "--instance", dir.toString(), "--apply");
      assertThat(destroyed.exitCode()).as(destroyed.describe()).isZero();
      try (Stream<Path> kept = Files.list(base.resolve("inst.journals"))) {
        assertThat(kept.toList()).as("the interrupted relocation's journal and its recovery's").hasSize(2)
            .contains(base.resolve("inst.journals").resolve(journal.getFileName()));
      }
      Lab.down(root, runner, System.out);
    } finally {
      if (relocation != null) {
        relocation.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
      if (Files.exists(dir.resolve(InstanceDescriptor.FILE))) {
        InstanceItSupport.quietly(() -> ManagedInstance.open(dir, runner).destroy());
      }
      if (LabState.read(root).isPresent()) {
        InstanceItSupport.quietly(() -> Lab.down(root, runner, System.out));
      }
      runner.run(Command.of("rm", "-rf", "--one-file-system", root.toString()));
      InstanceItSupport.deleteTree(base);
    }
  }

  /**
   * Killed (SIGKILL) as soon as its journal records the new log directory, that is while the server
   * is being started on the copy: the copy is the log from then on, so undo finishes the move (the
   * server runs on the new log, verified, the old log kept or deleted as the move does, the lock
   * gone, the journal completed), and a second undo of the same journal moves the log back.
   */
  @ParameterizedTest
  @ValueSource(strings = {"postgresql", "mariadb"})
  void killedOnceTheNewLogWasRecordedIsFinishedByUndoAndUndoneByTheNext(String kind) throws Exception {
    InstanceItSupport.requirements(kind);
    Path base = InstanceItSupport.base("interrupted-late-it-" + kind + "-");
    Path dir = base.resolve("inst");
    Process relocation = null;
    try {
      ManagedInstance instance = ManagedInstance.create(kind, dir, dir.resolve("data"), base.resolve("a"), 0,
          Optional.empty(), runner);
      Path target = Files.createDirectories(base.resolve("b"));
      runner.run(Command.of("chown", instance.engine().osUser() + ":", target.toString()));
      LogChecks checks = LogChecks.of(kind, instance);
      String url = instance.engine().jdbcUrl(instance.descriptor());
      checks.createSentinel(url);
      String before = checks.fingerprint(url);

      Path out = base.resolve("relocate.out");
      relocation = new ProcessBuilder(javaJar("storage", "relocate-log", "--instance", dir.toString(), "--to",
          target.toString(), "--allow-root", base.toString(), "--apply")).redirectErrorStream(true)
          .redirectOutput(out.toFile()).start();
      Path journal = awaitStep(relocation, dir.resolve(InstanceDescriptor.JOURNALS), RECORDED_NEW, out);
      relocation.destroyForcibly(); // SIGKILL, at once: every millisecond lets the move go further
      assertThat(relocation.waitFor(30, TimeUnit.SECONDS)).isTrue();
      relocation = null;
      JournalReader.Contents killed = JournalReader.read(journal);
      System.out.println(PREFIX + kind + ": killed relocate-log after: " + steps(journal));
      assertThat(killed.outcome()).as("killed before its journal ended: %s", steps(journal)).isEmpty();
      assertThat(dir.resolve("relocate-log.lock")).exists();

      CliResult plan = cli("storage", "undo", journal.toString());
      plan.out().lines().forEach(l -> System.out.println(PREFIX + l));
      assertThat(plan.exitCode()).as(plan.describe()).isZero();
      assertThat(plan.out()).contains(": finish it", "the copy is the log now");

      CliResult finished = cli("storage", "undo", journal.toString(), "--apply");
      assertThat(finished.exitCode()).as(finished.describe()).isZero();
      everyStepHasAnExitCode(finished);
      ManagedInstance moved = ManagedInstance.open(dir, runner);
      assertThat(moved.running()).isTrue();
      assertThat(moved.descriptor().logDir()).isEqualTo(target);
      assertThat(dir.resolve("relocate-log.lock")).doesNotExist();
      assertThat(JournalReader.read(journal).completed()).isTrue();
      assertThat(instance.engine().logIn(base.resolve("a"))).as("the old log, kept renamed or deleted").doesNotExist();
      checks.logIsIn(moved, target);
      assertThat(checks.fingerprint(url)).as("sentinel after finishing the move").isEqualTo(before);
      checks.consistent(moved, url);

      CliResult back = cli("storage", "undo", journal.toString(), "--apply");
      assertThat(back.exitCode()).as(back.describe()).isZero();
      everyStepHasAnExitCode(back);
      ManagedInstance returned = ManagedInstance.open(dir, runner);
      assertThat(returned.descriptor().logDir()).isEqualTo(base.resolve("a"));
      checks.logIsIn(returned, base.resolve("a"));
      assertThat(checks.fingerprint(url)).as("sentinel after moving it back").isEqualTo(before);
      returned.destroy();
    } finally {
      if (relocation != null) {
        relocation.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
      if (Files.exists(dir.resolve(InstanceDescriptor.FILE))) {
        InstanceItSupport.quietly(() -> ManagedInstance.open(dir, runner).destroy());
      }
      InstanceItSupport.deleteTree(base);
    }
  }

  /** The journal the output ends with (a recovery's, an undo's) has an exit code on every step. */
  private static void everyStepHasAnExitCode(CliResult result) throws Exception {
    Matcher m = DONE.matcher(result.out());
    assertThat(m.find()).as(result.out()).isTrue();
    InstanceItSupport.everyStepHasAnExitCode(JournalReader.read(Path.of(m.group(1))));
  }

  private static List<String> javaJar(String... args) {
    List<String> argv = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-jar", Repository.jar().toString()));
    argv.addAll(List.of(args));
    return argv;
  }

  /** Polls the journals folder until a relocate-log journal has the step; returns that journal. */
  private static Path awaitStep(Process relocation, Path journals, String step, Path out) throws Exception {
    long deadline = System.nanoTime() + COPY_WAIT.toNanos();
    while (true) {
      if (Files.isDirectory(journals)) {
        try (Stream<Path> files = Files.list(journals)) {
          for (Path j : files.filter(f -> f.getFileName().toString().startsWith("relocate-log-")).toList()) {
            if (Files.readString(j).contains("\"text\":\"" + step + "\"")) {
              return j;
            }
          }
        }
      }
      assertThat(relocation.isAlive()).as("relocate-log still runs\n%s", Files.readString(out)).isTrue();
      assertThat(System.nanoTime()).as("the step '%s' within %s", step, COPY_WAIT).isLessThan(deadline);
      Thread.sleep(2);
    }
  }

  /** Waits until the relocation has begun writing the copy (so the server is stopped), while it still runs. */
  private static void awaitPartialCopy(Process relocation, Path copy, Path out) throws Exception {
    long deadline = System.nanoTime() + COPY_WAIT.toNanos();
    while (!copyBegun(copy)) {
      assertThat(relocation.isAlive()).as("relocate-log still runs\n%s", Files.readString(out)).isTrue();
      assertThat(System.nanoTime()).as("a copy at %s within %s\n%s", copy, COPY_WAIT, Files.readString(out))
          .isLessThan(deadline);
      Thread.sleep(20);
    }
  }

  /** The WAL directory holds a segment, or the redo log file exists. */
  private static boolean copyBegun(Path copy) throws IOException {
    if (!Files.isDirectory(copy)) {
      return Files.isRegularFile(copy);
    }
    try (Stream<Path> entries = Files.list(copy)) {
      return entries.anyMatch(p -> p.getFileName().toString().matches("[0-9A-F]{24}"));
    }
  }

  private static List<String> steps(Path journal) throws IOException {
    return JournalReader.read(journal).steps().stream().map(JournalEntry::text).toList();
  }

  private static CliResult cli(String... args) {
    return Commitbench.execute(List.of(args));
  }
}
