package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargetExtension;
import io.commitbench.it.support.Db;
import io.commitbench.it.support.Repository;
import io.commitbench.it.support.TestNames;
import io.commitbench.it.support.Workload;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run killed with SIGKILL while it creates its tables and users leaves nothing that {@code
 * commitbench cleanup} would refuse as someone else's: each object exists with its ownership mark
 * or not at all. The shaded jar runs as a real process against the real server, is killed at a
 * random moment after its first object appeared, and the catalog is read: every table of the
 * run's prefix carries the mark, every role (PostgreSQL) too, every account (MariaDB, which keeps
 * no mark on accounts) is tied to a marked table naming its user.prefix; then cleanup drops it all.
 * Repeated at {@link #MOMENTS} moments on each database.
 */
@ExtendWith(DatabaseTargetExtension.class)
class KilledWhileCreatingIT {

  /** Per database: 20 moments in all. */
  private static final int MOMENTS = 10;
  private static final String MARK = "commitbench run=";
  private static final long SETTLE_MILLIS = 500;
  private static final long APPEAR_WAIT_NANOS = TimeUnit.SECONDS.toNanos(60);

  /** 300 roles, each created and marked: the kill lands among them. */
  @Test
  void sigkillWhileCreatingRolesLeavesEveryRoleMarkedOnPostgresql(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg,
      @TempDir Path tmp) throws Exception {
    killAtRandomMoments(pg, tmp, new Workload(300, 0, 2, 1, 1), 1_500);
  }

  /** 30 tables, each created and marked, then 60 accounts: the kill lands among the tables. */
  @Test
  void sigkillWhileCreatingTablesLeavesEveryTableMarkedOnMariadb(@Db(DatabaseKind.MARIADB) DatabaseTarget mariadb,
      @TempDir Path tmp) throws Exception {
    killAtRandomMoments(mariadb, tmp, new Workload(60, 0, 30, 1, 1), 1_500);
  }

  /**
   * One run after the other: runs side by side would grant on the same schema at once, which
   * PostgreSQL may refuse ("tuple concurrently updated") in a run's setup or in the cleanup.
   */
  private static void killAtRandomMoments(DatabaseTarget db, Path tmp, Workload workload, int windowMillis)
      throws Exception {
    Path file = Commitbench.writeParameterFile(tmp.resolve("many.properties"), workload.keys());
    Random random = new Random();
    for (int moment = 1; moment <= MOMENTS; moment++) {
      killAndCheck(db, tmp, file, moment, random.nextInt(windowMillis));
    }
  }

  /** One run, killed {@code delay} ms after its first table appeared; checked, then cleaned up. */
  private static void killAndCheck(DatabaseTarget db, Path tmp, Path file, int moment, long delay) throws Exception {
    TestNames names = TestNames.unique();
    try (Connection admin = db.connect()) {
      Catalog catalog = new Catalog(db.kind(), admin);
      try {
        Path out = tmp.resolve("killed-" + moment + ".out");
        Process process = start(file, tmp, names, db, out);
        try {
          awaitFirstObject(catalog, names, process, out);
          Thread.sleep(delay);
        } finally {
          process.destroyForcibly(); // SIGKILL: no cleanup, no final word
          assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the killed run exits").isTrue();
        }
        // The server still finishes (and, in auto-commit, commits) a statement the client sent before it died.
        Thread.sleep(SETTLE_MILLIS);
        String where = "moment " + moment + " (" + delay + " ms after the first object)";
        assertEveryObjectMarked(db.kind(), admin, catalog, names, where);

        Commitbench.CliResult cleanup = Commitbench.execute(cleanupArgs(file, tmp, db, names));
        assertThat(cleanup.exitCode()).as("cleanup --apply after %s\n%s", where, cleanup.describe()).isZero();
        assertThat(catalog.tablesStartingWith(names.token())).as("tables after cleanup, %s", where).isEmpty();
        assertThat(catalog.usersStartingWith(names.token())).as("users after cleanup, %s", where).isEmpty();
      } finally {
        catalog.dropEverything(names);
      }
    }
  }

  private static void assertEveryObjectMarked(DatabaseKind kind, Connection admin, Catalog catalog, TestNames names,
      String where) throws SQLException {
    Map<String, String> tables = comments(admin, kind == DatabaseKind.POSTGRESQL
        ? "SELECT c.relname, obj_description(c.oid, 'pg_class') FROM pg_catalog.pg_class c"
            + " WHERE c.relkind = 'r' AND c.relname LIKE ?"
        : "SELECT table_name, table_comment FROM information_schema.tables WHERE table_schema = DATABASE()"
            + " AND table_name LIKE ?", names.tablePrefix());
    tables.forEach((table, comment) -> assertThat(comment).as("the mark on table %s at %s", table, where)
        .startsWith(MARK));
    List<String> users = catalog.usersStartingWith(names.userPrefix());
    if (kind == DatabaseKind.POSTGRESQL) {
      Map<String, String> roles = comments(admin, "SELECT rolname, shobj_description(oid, 'pg_authid')"
          + " FROM pg_catalog.pg_roles WHERE rolname LIKE ?", names.userPrefix());
      assertThat(roles.keySet()).containsExactlyInAnyOrderElementsOf(users);
      roles.forEach((role, comment) -> assertThat(comment).as("the mark on role %s at %s (%d roles left)", role,
          where, roles.size()).startsWith(MARK));
    } else if (!users.isEmpty()) {
      // MariaDB keeps no mark on an account: a marked table naming the run's user.prefix ties them to it.
      assertThat(tables.values()).as("a marked table naming user.prefix=%s for the %d accounts at %s",
          names.userPrefix(), users.size(), where).anyMatch(c -> c != null && c.startsWith(MARK)
          && c.contains(" user.prefix=" + names.userPrefix()));
    }
  }

  /** Names (lower case) and comments of the objects matching {@code prefix%}, filtered exactly. */
  private static Map<String, String> comments(Connection admin, String sql, String prefix) throws SQLException {
    Map<String, String> found = new LinkedHashMap<>();
    try (PreparedStatement st = admin.prepareStatement(sql)) {
      st.setString(1, prefix + "%");
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          if (rs.getString(1).startsWith(prefix)) {
            found.put(rs.getString(1), rs.getString(2));
          }
        }
      }
    }
    return found;
  }

  private static void awaitFirstObject(Catalog catalog, TestNames names, Process process, Path out)
      throws Exception {
    long deadline = System.nanoTime() + APPEAR_WAIT_NANOS;
    while (catalog.tablesStartingWith(names.tablePrefix()).isEmpty()) {
      assertThat(process.isAlive()).as("the run is still running\n%s", Files.exists(out)
          ? Files.readString(out, StandardCharsets.UTF_8) : "").isTrue();
      assertThat(System.nanoTime()).as("a first table within 60 s").isLessThan(deadline);
      Thread.sleep(10);
    }
  }

  private static Process start(Path file, Path tmp, TestNames names, DatabaseTarget db, Path out) throws Exception {
    // A JVM that is killed within seconds: the client compiler alone gets it to its setup sooner.
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", Repository.jar().toString(), "run", file.toString(),
        "--set", "results.dir=" + tmp.resolve("results"), "--set", "run.id=" + names.token()));
    db.runSettings(tmp.resolve("s-" + names.token()), names, "db-users")
        .forEach((key, value) -> command.addAll(List.of("--set", key + "=" + value)));
    return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
  }

  private static List<String> cleanupArgs(Path file, Path tmp, DatabaseTarget db, TestNames names) throws Exception {
    List<String> args = new ArrayList<>(List.of("cleanup", file.toString()));
    db.settings(tmp.resolve("s-" + names.token())).forEach((k, v) -> args.addAll(List.of("--set", k + "=" + v)));
    args.addAll(List.of("--prefix", names.token(), "--apply"));
    return args;
  }
}
