package io.commitbench.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/** What the managed-instance ITs share: their requirements, a base directory, cleanup. */
final class InstanceItSupport {

  private InstanceItSupport() {}

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
