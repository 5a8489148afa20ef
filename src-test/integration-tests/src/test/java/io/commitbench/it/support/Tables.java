package io.commitbench.it.support;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Whether a table exists, as the JDBC driver's metadata lists them (the same for every product),
 * and what a query of one number answers.
 */
public final class Tables {

  private Tables() {}

  /** Whether the target has a table of this name, compared ignoring case. */
  public static boolean exists(DatabaseTarget target, String table) throws SQLException {
    try (Connection c = target.connect(); ResultSet rs = c.getMetaData().getTables(null, null, "%", null)) {
      while (rs.next()) {
        if (rs.getString("TABLE_NAME").equalsIgnoreCase(table)) {
          return true;
        }
      }
      return false;
    }
  }

  /** The table's rows. */
  public static long count(DatabaseTarget target, String table) throws SQLException {
    return single(target, "SELECT COUNT(*) FROM " + table);
  }

  /** The first column of the first row of {@code sql}, as a long. */
  public static long single(DatabaseTarget target, String sql) throws SQLException {
    try (Connection c = target.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
