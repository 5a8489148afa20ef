package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.exec.Programs;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.instance.RelocationLock;
import io.commitbench.storage.journal.JournalEntry;
import io.commitbench.storage.journal.JournalReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code storage instance write-log-through} on a real managed server, through the command line:
 * a dry run changes nothing; with {@code --apply} the running server is stopped, its log rewritten
 * in place and the server started again, journaled; afterwards the kernel shows no unwritten
 * extent in the log (filefrag), the data is what it was, and the server takes writes. MariaDB's
 * new redo log is fallocated, so it has unwritten extents before (asserted where filefrag can see
 * them); PostgreSQL's WAL is written when it is made, so the rewrite only keeps it so. Refused,
 * changing nothing, while a relocation holds the instance's lock. On a stopped server it only
 * rewrites; {@code instance stop} and {@code start} are journaled beside it.
 */
class WriteLogThroughIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;

  @ParameterizedTest
  @ValueSource(strings = {"postgresql", "mariadb"})
  void rewritesTheLogOfARunningServerAndStartsItAgainWithItsDataIntact(String kind) throws Exception {
    InstanceItSupport.requirements(kind);
    Path base = InstanceItSupport.base("instance-it-write-through-" + kind + "-");
    ProcessCommandRunner runner = ProcessCommandRunner.standard();
    ManagedInstance instance = null;
    try {
      instance = ManagedInstance.create(kind, base.resolve("inst"), base.resolve("inst/data"), base.resolve("log"), 0,
          Optional.empty(), runner);
      Path dir = instance.descriptor().instanceDir();
      Path log = instance.currentLog();
      LogChecks checks = LogChecks.of(kind, instance);
      String url = instance.engine().jdbcUrl(instance.descriptor());
      checks.createSentinel(url);
      String before = checks.fingerprint(url);
      Optional<String> extentsBefore = unwrittenExtents(log, runner);
      extentsBefore.ifPresent(e -> System.out.println(PREFIX + kind + ": unwritten extents in " + log + " before: " + e));
      if (kind.equals("mariadb") && extentsBefore.isPresent()) {
        assertThat(Integer.parseInt(extentsBefore.get())).as("a new MariaDB redo log is fallocated").isPositive();
      }

      CliResult dry = cli("storage", "instance", "write-log-through", "--instance", dir.toString());
      assertThat(dry.exitCode()).as(dry.describe()).isZero();
      assertThat(dry.out()).contains("dry run").contains("stop the server").contains("dd if=")
          .contains("start the server again");
      assertThat(instance.running()).as("a dry run leaves the server running").isTrue();
      assertThat(unwrittenExtents(log, runner)).as("a dry run rewrites nothing").isEqualTo(extentsBefore);

      RelocationLock lock = new RelocationLock(dir);
      lock.acquire(base.resolve("a-relocation-journal"));
      try {
        CliResult refused = cli("storage", "instance", "write-log-through", "--instance", dir.toString(), "--apply");
        assertThat(refused.exitCode()).as(refused.describe()).isEqualTo(2);
        assertThat(refused.err()).contains("another relocation of this instance is in progress");
        assertThat(instance.running()).as("refused, the server is left running").isTrue();
      } finally {
        lock.release();
      }

      CliResult applied = cli("storage", "instance", "write-log-through", "--instance", dir.toString(), "--apply");
      assertThat(applied.exitCode()).as(applied.describe()).isZero();
      assertThat(applied.out()).containsPattern("[0-9,]+ bytes of log rewritten in [0-9.]+ s; the server runs");
      System.out.println(PREFIX + kind + ": " + applied.out().lines().reduce((a, b) -> b).orElse(""));
      assertThat(instance.running()).isTrue();
      assertThat(steps(dir, "instance-write-log-through"))
          .containsExactly("stopped the server", "rewrote the log in place", "started the server");
      if (extentsBefore.isPresent()) {
        assertThat(unwrittenExtents(log, runner)).as("unwritten extents after the rewrite").contains("0");
      }
      assertThat(checks.fingerprint(url)).as("sentinel after the rewrite").isEqualTo(before);

      // On a stopped server the rewrite neither stops nor starts it; start and stop are journaled too.
      CliResult stopped = cli("storage", "instance", "stop", "--instance", dir.toString());
      assertThat(stopped.exitCode()).as(stopped.describe()).isZero();
      assertThat(stopped.out()).contains("stopped; journal in " + ManagedInstance.lifecycleJournals(dir));
      assertThat(steps(dir, "instance-stop")).containsExactly("stopped the server");
      CliResult offline = cli("storage", "instance", "write-log-through", "--instance", dir.toString(), "--apply");
      assertThat(offline.exitCode()).as(offline.describe()).isZero();
      assertThat(offline.out()).doesNotContain("stop the server").doesNotContain("start the server")
          .contains("the server is stopped");
      assertThat(instance.running()).as("a stopped server stays stopped").isFalse();
      assertThat(steps(dir, "instance-write-log-through")).containsExactly("rewrote the log in place");
      CliResult started = cli("storage", "instance", "start", "--instance", dir.toString());
      assertThat(started.exitCode()).as(started.describe()).isZero();
      assertThat(steps(dir, "instance-start")).containsExactly("started the server");
      assertThat(cli("storage", "instance", "start", "--instance", dir.toString()).out()).contains("already running");
      assertThat(checks.fingerprint(url)).as("sentinel after a restart").isEqualTo(before);
      checks.write(url);
      assertThat(checks.fingerprint(url)).as("the server takes writes after the rewrite").isNotEqualTo(before);
    } finally {
      if (instance != null) {
        InstanceItSupport.quietly(ManagedInstance.open(base.resolve("inst"), runner)::destroy);
      }
      InstanceItSupport.deleteTree(base);
    }
  }

  /**
   * How many extents filefrag reports unwritten in the log's files, or empty (with the reason
   * printed) where filefrag is missing or the filesystem does not show them.
   */
  private static Optional<String> unwrittenExtents(Path log, ProcessCommandRunner runner) throws Exception {
    if (Programs.find("filefrag").isEmpty()) {
      System.out.println(PREFIX + "not checked: no filefrag (e2fsprogs), so the extents cannot be seen");
      return Optional.empty();
    }
    List<Path> files;
    try (Stream<Path> below = Files.isDirectory(log) ? Files.walk(log) : Stream.of(log)) {
      files = below.filter(Files::isRegularFile).toList();
    }
    long unwritten = 0;
    for (Path file : files) {
      unwritten += runner.run(Command.of("filefrag", "-v", file.toString())).stdout().lines()
          .filter(l -> l.contains("unwritten")).count();
    }
    return Optional.of(Long.toString(unwritten));
  }

  /** The steps journaled by the instance's latest lifecycle journal of {@code operation}. */
  private static List<String> steps(Path instanceDir, String operation) throws Exception {
    Path dir = ManagedInstance.lifecycleJournals(instanceDir);
    Path latest;
    try (Stream<Path> journals = Files.list(dir)) {
      latest = journals.filter(p -> p.getFileName().toString().startsWith(operation + "-"))
          .max(Path::compareTo).orElseThrow(() -> new AssertionError("no " + operation + " journal in " + dir));
    }
    return JournalReader.read(latest).steps().stream().map(JournalEntry::text).toList();
  }

  private static CliResult cli(String... args) {
    return Commitbench.execute(List.of(args));
  }
}
