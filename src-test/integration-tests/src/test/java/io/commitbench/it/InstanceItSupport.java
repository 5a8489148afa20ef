package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.journal.JournalReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/** What the managed-instance ITs share: their requirements, a base directory, a journal check, cleanup. */
final class InstanceItSupport {

  private InstanceItSupport() {}

  /** Skips the test, saying why, when a managed instance of this kind cannot run here. */
  static void requirements(String kind) throws IOException {
    String reason = missing(kind);
    if (reason != null) {
      System.out.println(DatabaseTargets.LOG_PREFIX + "skipped: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
  }

  /** Why a managed instance of this kind cannot run here, or null. */
  static String missing(String kind) throws IOException {
    if (!"root".equals(System.getProperty("user.name"))) {
      return "not root: managed instances chown their directories and run servers as postgres/mysql";
    }
    String user = kind.equals("postgresql") ? "postgres" : "mysql";
    if (Files.readAllLines(Path.of("/etc/passwd")).stream().noneMatch(l -> l.startsWith(user + ":"))) {
      return "no " + user + " OS user";
    }
    if (kind.equals("postgresql")) {
      try (Stream<Path> v = Files.list(Path.of("/usr/lib/postgresql"))) {
        if (v.noneMatch(p -> Files.isExecutable(p.resolve("bin/initdb")))) {
          return "no PostgreSQL server binaries in /usr/lib/postgresql/*/bin";
        }
      } catch (IOException e) {
        return "no /usr/lib/postgresql";
      }
    } else if (!Files.isExecutable(Path.of("/usr/sbin/mariadbd"))
        || !Files.isExecutable(Path.of("/usr/bin/mariadb-install-db"))) {
      return "no MariaDB server (/usr/sbin/mariadbd, mariadb-install-db)";
    }
    return null;
  }

  /** A new directory under /tmp the servers' OS users can traverse. */
  static Path base(String prefix) throws IOException {
    Path base = Files.createTempDirectory(prefix);
    Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
    return base;
  }

  static void deleteTree(Path base) throws IOException {
    if (!Files.exists(base)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(base)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /**
   * Every step line of a journal says what ran for it and each one's exit code, a number: none is
   * missing and none is a placeholder; the same for the notes that list what ran.
   */
  static void everyStepHasAnExitCode(JournalReader.Contents journal) {
    assertThat(journal.steps()).as(journal.file().toString()).isNotEmpty().allSatisfy(e -> {
      assertThat(e.detail()).as(e.text()).containsKeys("ran", "exit");
      assertThat(e.detail().get("exit").split("\n")).as(e.text()).hasSameSizeAs(e.detail().get("ran").split("\n"));
    });
    assertThat(journal.entries()).filteredOn(e -> e.detail().containsKey("exit")).allSatisfy(e -> assertThat(
        e.detail().get("exit").split("\n")).as(e.text()).allMatch(code -> code.matches("-?[0-9]+")));
  }

  interface Action {
    void run() throws Exception;
  }

  /** Cleanup that must not hide the test's own failure: a failure is printed. */
  static void quietly(Action action) {
    try {
      action.run();
    } catch (Exception e) {
      System.out.println(io.commitbench.it.support.DatabaseTargets.LOG_PREFIX + "cleanup failed: " + e);
    }
  }
}
