package io.commitbench.core.workload.script.dataset;

import io.commitbench.core.workload.SchemaTable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether existing tables, made by {@code pgbench -i} or by commitbench, hold the data set of a
 * scale: all four exist, branches has {@code scale} rows and tellers ten times as many (counted, as
 * pgbench counts its branches to learn the scale), and the accounts' ids reach {@code 100000 *
 * scale} (their maximum, read from the key instead of counting millions of rows). Reads only.
 */
final class PgbenchReuseCheck {

  private final int scale;

  PgbenchReuseCheck(int scale) {
    this.scale = scale;
  }

  Optional<String> problem(Connection admin, List<SchemaTable> tables) throws SQLException {
    try (Statement statement = admin.createStatement()) {
      for (PgbenchTable table : PgbenchTable.values()) {
        String name = tables.get(table.ordinal()).spec().qualifiedName();
        long found;
        try {
          found = table == PgbenchTable.HISTORY ? exists(statement, name) : figure(statement, table, name);
        } catch (SQLException e) {
          return Optional.of("table " + name + " cannot be read (" + e.getMessage().strip() + "); the data set needs"
              + " all four pgbench tables: prepare the data set again");
        }
        long expected = table.rowsPerScale * scale;
        if (table != PgbenchTable.HISTORY && found != expected) {
          return Optional.of(mismatch(table, name, found, expected));
        }
      }
    }
    return Optional.empty();
  }

  private String mismatch(PgbenchTable table, String name, long found, long expected) {
    String what = table == PgbenchTable.ACCOUNTS ? "has account ids up to " + String.format(Locale.ROOT, "%,d", found)
        : "has " + String.format(Locale.ROOT, "%,d", found) + " rows";
    String allowed = found > 0 && found % table.rowsPerScale == 0 && found / table.rowsPerScale <= Integer.MAX_VALUE
        ? PgbenchDataSet.SCALE_KEY + "=" + found / table.rowsPerScale + ", or prepare the data set again"
        : "prepare the data set again";
    return String.format(Locale.ROOT, "table %s %s, but %s=%d needs %,d (%,d per unit of scale); allowed: %s", name,
        what, PgbenchDataSet.SCALE_KEY, scale, expected, table.rowsPerScale, allowed);
  }

  /** Branches' and tellers' rows counted, the accounts' highest id. */
  private static long figure(Statement statement, PgbenchTable table, String name) throws SQLException {
    String sql = table == PgbenchTable.ACCOUNTS ? "SELECT MAX(" + table.key + ") FROM " + name
        : "SELECT COUNT(*) FROM " + name;
    try (ResultSet rs = statement.executeQuery(sql)) {
      return rs.next() ? rs.getLong(1) : 0;
    }
  }

  /** Reads no row: only whether the table is there. */
  private static long exists(Statement statement, String name) throws SQLException {
    try (ResultSet rs = statement.executeQuery("SELECT COUNT(*) FROM " + name + " WHERE 1 = 0")) {
      return rs.next() ? rs.getLong(1) : 0;
    }
  }
}
