package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestNames;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each sysbench OLTP workload, prepared with {@code commitbench prepare} (the jar) and run with {@code
 * load=reuse} for an exact count of transactions by one actor, sends per transaction the
 * statements sysbench 1.0.20's scripts define — counted by the harness and by the server itself:
 * PostgreSQL's {@code pg_stat_user_tables} of the test's own table (rows inserted, updated,
 * deleted, and scans), MariaDB's {@code Com_select/insert/update/delete/commit} (global, so
 * other sessions may add to them: they must be at least what the run sent, and a re-measurement
 * is allowed when others added more than a margin). The row count is unchanged by the scripts
 * that delete and re-insert (or only read and update); {@code cleanup --apply} removes the data set.
 */
class OltpWorkloadIT {

  private static final int TRANSACTIONS = 200;
  private static final int TABLE_SIZE = 10_000;
  /** Statements of the harness's own (setup, checks) and of other sessions a MariaDB delta may hold. */
  private static final long MARIADB_MARGIN = 100;
  private static final int MARIADB_ATTEMPTS = 3;
  /** PostgreSQL reports a backend's table counters when it ends, shortly after the run. */
  private static final long PG_STATS_WAIT_MILLIS = 15_000;

  /**
   * What one transaction sends, from sysbench's scripts with their defaults (point_selects 10,
   * each range kind 1, index and non-index updates 1, delete_inserts 1), written out here rather
   * than taken from the code under test.
   */
  record PerTx(String script, int selects, int updates, int deletes, int inserts, int commits) {}

  static final List<PerTx> SCRIPTS = List.of(
      new PerTx("oltp_read_write", 14, 2, 1, 1, 1),
      new PerTx("oltp_read_only", 14, 0, 0, 0, 1),
      new PerTx("oltp_write_only", 0, 2, 1, 1, 1),
      new PerTx("oltp_point_select", 1, 0, 0, 0, 0),
      new PerTx("oltp_update_index", 0, 1, 0, 0, 0),
      new PerTx("oltp_update_non_index", 0, 1, 0, 0, 0),
      new PerTx("oltp_insert", 0, 0, 0, 1, 0),
      new PerTx("oltp_delete", 0, 0, 1, 0, 0));

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (DatabaseKind kind : List.of(DatabaseKind.H2, DatabaseKind.POSTGRESQL, DatabaseKind.MARIADB)) {
      SCRIPTS.forEach(s -> cases.add(Arguments.of(kind, s)));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void eachTransactionSendsTheScriptsStatements(DatabaseKind kind, PerTx tx, @TempDir Path tmp) throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("oltp.properties"), Map.of("workload", tx.script(),
        "users", "1", "transactions", Integer.toString(TRANSACTIONS), "oltp.table.size", Integer.toString(TABLE_SIZE)));
    Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "shared");
    String table = names.tablePrefix() + "1";
    try {
      // The real jar in a JVM of its own, as a user prepares: once it has exited, its data set no
      // longer looks live to cleanup (a prepare in this JVM would, for as long as the JVM runs).
      Commitbench.CliResult prepared = Commitbench.jar(args("prepare", file, settings));
      assertThat(prepared.exitCode()).as(prepared.describe()).isZero();
      assertThat(prepared.out()).contains("load: " + String.format("%,d", TABLE_SIZE) + " rows");
      long rowsBefore = count(target, table);
      assertThat(rowsBefore).isEqualTo(TABLE_SIZE);
      // sysbench's schema however it was loaded (PostgreSQL adds the key after the rows)
      assertThat(primaryKey(target, table)).as("primary key of %s", table).containsExactly("id");
      settings.put("load", "reuse");

      RunOutput run = null;
      for (int attempt = 1; attempt <= (kind == DatabaseKind.MARIADB ? MARIADB_ATTEMPTS : 1); attempt++) {
        Map<String, Long> before = kind == DatabaseKind.POSTGRESQL ? settledPostgresqlCounters(target, table)
            : serverCounters(kind, target, table);
        run = Commitbench.run(file, tmp.resolve("results"), tx.script() + "-" + attempt, settings);
        assertThat(run.exitCode()).as(run.describe()).isZero();
        assertClientCounts(run.summary(), tx);
        if (kind == DatabaseKind.POSTGRESQL) {
          // The counters first: the row count below is a scan of its own.
          Map<String, Long> delta = delta(before, settledPostgresqlCounters(target, table));
          assertPostgresqlCounters(table, delta, tx, rowsBefore - count(target, table));
          break;
        }
        if (kind == DatabaseKind.MARIADB && mariadbCountersFit(delta(before, serverCounters(kind, target, table)),
            tx, attempt == MARIADB_ATTEMPTS)) {
          break;
        }
        if (kind == DatabaseKind.MARIADB) {
          rowsBefore = count(target, table); // measured again: the table moved on by the last attempt
        }
      }
      long rowsAfter = count(target, table);
      if (tx.script().equals("oltp_insert")) {
        assertThat(rowsAfter - rowsBefore).isEqualTo(TRANSACTIONS);
      } else if (tx.script().equals("oltp_delete")) {
        assertThat(rowsBefore - rowsAfter).isBetween(1L, (long) TRANSACTIONS);
      } else {
        assertThat(rowsAfter).as("rows of %s after %s", table, tx.script()).isEqualTo(rowsBefore);
      }
      assertThat(run.report()).contains("SQL statistics (as sysbench counts them");
    } finally {
      List<String> cleanupArgs = args("cleanup", file, settings);
      cleanupArgs.addAll(List.of("--prefix", names.tablePrefix(), "--apply"));
      Commitbench.CliResult cleanup = Commitbench.execute(cleanupArgs);
      assertThat(cleanup.exitCode()).as(cleanup.describe()).isZero();
    }
    assertThat(tableExists(target, table)).as("cleanup dropped the data set").isFalse();
  }

  /** The harness's own count per statement kind, and sysbench's read/write/other in summary.json. */
  private static void assertClientCounts(JsonNode summary, PerTx tx) {
    JsonNode kinds = summary.path("kinds");
    assertThat(summary.path("totals").path("transactions").asLong()).isEqualTo(TRANSACTIONS);
    assertThat(kinds.path("select").path("count").asLong()).isEqualTo((long) TRANSACTIONS * tx.selects());
    assertThat(kinds.path("update").path("count").asLong()).isEqualTo((long) TRANSACTIONS * tx.updates());
    assertThat(kinds.path("delete").path("count").asLong()).isEqualTo((long) TRANSACTIONS * tx.deletes());
    assertThat(kinds.path("insert").path("count").asLong()).isEqualTo((long) TRANSACTIONS * tx.inserts());
    assertThat(kinds.path("commit").path("count").asLong()).isEqualTo((long) TRANSACTIONS * tx.commits());
    JsonNode queries = summary.path("workloadFigures").path("queries");
    assertThat(queries.path("read").asLong()).isEqualTo((long) TRANSACTIONS * tx.selects());
    assertThat(queries.path("write").asLong())
        .isEqualTo((long) TRANSACTIONS * (tx.updates() + tx.deletes() + tx.inserts()));
    assertThat(queries.path("other").asLong()).isEqualTo(2L * TRANSACTIONS * tx.commits());
  }

  /**
   * The table's own counters: one scan per SELECT, UPDATE and DELETE (by id), plus the run's one
   * check of the data set ({@code SELECT MAX(id)}); rows inserted, updated and deleted.
   */
  private static void assertPostgresqlCounters(String table, Map<String, Long> delta, PerTx tx, long rowsRemoved) {
    Map<String, Long> expected = new LinkedHashMap<>();
    expected.put("scans", (long) TRANSACTIONS * (tx.selects() + tx.updates() + tx.deletes()) + 1);
    expected.put("n_tup_ins", (long) TRANSACTIONS * tx.inserts());
    expected.put("n_tup_upd", (long) TRANSACTIONS * tx.updates());
    // oltp_delete deletes an id once: a later draw of it finds no row.
    expected.put("n_tup_del", tx.script().equals("oltp_delete") ? rowsRemoved : (long) TRANSACTIONS * tx.deletes());
    assertThat(delta).as("pg_stat_user_tables of %s", table).isEqualTo(expected);
  }

  /**
   * Whether the global Com_ deltas hold what the run sent; fails at once when one holds less (no
   * other session takes statements away), returns false when others added more than the margin
   * (unless this was the last attempt, which then fails).
   */
  private static boolean mariadbCountersFit(Map<String, Long> delta, PerTx tx, boolean last) {
    Map<String, Long> sent = Map.of("Com_select", (long) TRANSACTIONS * tx.selects(),
        "Com_update", (long) TRANSACTIONS * tx.updates(), "Com_delete", (long) TRANSACTIONS * tx.deletes(),
        "Com_insert", (long) TRANSACTIONS * tx.inserts(), "Com_commit", (long) TRANSACTIONS * tx.commits());
    // sysbench prepares on the server, and so does the run: each statement executed by handle.
    assertThat(delta.get("Com_stmt_execute")).as("Com_stmt_execute: statements executed by handle")
        .isGreaterThanOrEqualTo((long) TRANSACTIONS * (tx.selects() + tx.updates() + tx.deletes() + tx.inserts()));
    boolean fits = true;
    for (Map.Entry<String, Long> e : sent.entrySet()) {
      assertThat(delta.get(e.getKey())).as("%s: the server counted fewer than the run sent", e.getKey())
          .isGreaterThanOrEqualTo(e.getValue());
      fits &= delta.get(e.getKey()) <= e.getValue() + MARIADB_MARGIN;
    }
    if (!fits && last) {
      assertThat(delta).as("Com_ deltas within %d of what was sent, %s", MARIADB_MARGIN, sent).isEqualTo(sent);
    }
    return fits;
  }

  private static Map<String, Long> serverCounters(DatabaseKind kind, DatabaseTarget target, String table)
      throws SQLException {
    Map<String, Long> counters = new LinkedHashMap<>();
    try (Connection c = target.connect(); Statement s = c.createStatement()) {
      if (kind == DatabaseKind.POSTGRESQL) {
        s.execute("SELECT pg_stat_clear_snapshot()");
        try (ResultSet rs = s.executeQuery("SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0), n_tup_ins,"
            + " n_tup_upd, n_tup_del FROM pg_stat_user_tables WHERE relname = '" + table + "'")) {
          rs.next();
          counters.put("scans", rs.getLong(1));
          counters.put("n_tup_ins", rs.getLong(2));
          counters.put("n_tup_upd", rs.getLong(3));
          counters.put("n_tup_del", rs.getLong(4));
        }
      } else if (kind == DatabaseKind.MARIADB) {
        try (ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN ('Com_select', 'Com_update',"
            + " 'Com_delete', 'Com_insert', 'Com_commit', 'Com_stmt_execute')")) {
          while (rs.next()) {
            counters.put(rs.getString(1), rs.getLong(2));
          }
        }
      }
    }
    return counters;
  }

  /**
   * The table's counters once they stop moving: a backend that has just ended (the test's own row
   * count, the prepare) reports its scans a moment after its session closed.
   */
  private static Map<String, Long> settledPostgresqlCounters(DatabaseTarget target, String table) throws Exception {
    Map<String, Long> last = serverCounters(DatabaseKind.POSTGRESQL, target, table);
    long deadline = System.currentTimeMillis() + PG_STATS_WAIT_MILLIS;
    while (System.currentTimeMillis() < deadline) {
      Thread.sleep(1_000);
      Map<String, Long> now = serverCounters(DatabaseKind.POSTGRESQL, target, table);
      if (now.equals(last)) {
        return now;
      }
      last = now;
    }
    return last;
  }

  private static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
    Map<String, Long> delta = new LinkedHashMap<>();
    after.forEach((k, v) -> delta.put(k, v - before.getOrDefault(k, 0L)));
    return delta;
  }

  private static long count(DatabaseTarget target, String table) throws SQLException {
    try (Connection c = target.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** The primary key's columns, in lower case, of the table whose name matches {@code table} in any case. */
  private static List<String> primaryKey(DatabaseTarget target, String table) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (Connection c = target.connect(); ResultSet tables = c.getMetaData().getTables(null, null, "%", null)) {
      while (tables.next()) {
        if (tables.getString("TABLE_NAME").equalsIgnoreCase(table)) {
          try (ResultSet key = c.getMetaData().getPrimaryKeys(tables.getString("TABLE_CAT"),
              tables.getString("TABLE_SCHEM"), tables.getString("TABLE_NAME"))) {
            while (key.next()) {
              columns.add(key.getString("COLUMN_NAME").toLowerCase(java.util.Locale.ROOT));
            }
          }
        }
      }
    }
    return columns;
  }

  private static boolean tableExists(DatabaseTarget target, String table) throws SQLException {
    try (Connection c = target.connect(); ResultSet rs = c.getMetaData().getTables(null, null, "%", null)) {
      while (rs.next()) {
        if (rs.getString("TABLE_NAME").equalsIgnoreCase(table)) {
          return true;
        }
      }
      return false;
    }
  }

  private static List<String> args(String command, Path file, Map<String, String> settings) {
    List<String> args = new ArrayList<>(List.of(command, file.toString()));
    settings.forEach((k, v) -> {
      args.add("--set");
      args.add(k + "=" + v);
    });
    return args;
  }
}
