package io.commitbench.core.server;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Read-only queries for the dialects' server facts, where a failed query is a reason, not an
 * error: its message (permission denied, unknown variable, ORA-00942) becomes the unknown fact's
 * reason as the server said it.
 *
 * <p>Meant for a connection in auto-commit mode. Inside a transaction each query runs under a
 * savepoint that a failure rolls back to, so that one refused query does not abort the caller's
 * transaction (PostgreSQL would refuse everything after it). Stateless and thread-safe.
 *
 * <pre>
 * Fact fsync = FactQueries.single(admin, "durability", "fsync", "SELECT current_setting('fsync')");
 * </pre>
 */
public final class FactQueries {

  private FactQueries() {}

  /**
   * The first column of the first row as a fact; unknown with the server's message when the query
   * fails, or with "no row"/"NULL" when there is nothing to report.
   */
  public static Fact single(Connection connection, String group, String name, String sql) {
    try {
      List<Map<String, String>> rows = rows(connection, sql);
      if (rows.isEmpty()) {
        return Fact.unknown(group, name, "no row from: " + sql);
      }
      String value = rows.get(0).values().iterator().next();
      return value == null ? Fact.unknown(group, name, "NULL from: " + sql) : Fact.of(group, name, value);
    } catch (SQLException e) {
      return Fact.unknown(group, name, reason(e));
    }
  }

  /**
   * Every row, each a map from the upper-cased column label to the value as text (null for NULL),
   * columns in query order.
   */
  public static List<Map<String, String>> rows(Connection connection, String sql) throws SQLException {
    Savepoint savepoint = connection.getAutoCommit() ? null : connection.setSavepoint();
    List<Map<String, String>> rows = new ArrayList<>();
    try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      ResultSetMetaData meta = rs.getMetaData();
      while (rs.next()) {
        Map<String, String> row = new LinkedHashMap<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
          row.put(meta.getColumnLabel(i).toUpperCase(Locale.ROOT), rs.getString(i));
        }
        rows.add(row);
      }
    } catch (SQLException e) {
      if (savepoint != null) {
        connection.rollback(savepoint);
      }
      throw e;
    }
    if (savepoint != null) {
      try {
        connection.releaseSavepoint(savepoint);
      } catch (SQLException notSupported) {
        // Oracle has no RELEASE SAVEPOINT; the savepoint then ends with the transaction.
      }
    }
    return rows;
  }

  /** The first line of the exception's message, which is what the server said. */
  public static String reason(SQLException e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline).strip();
  }
}
