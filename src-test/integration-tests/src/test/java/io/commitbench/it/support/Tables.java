package io.commitbench.it.support;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Whether a table exists, as the JDBC driver's metadata lists them: the same for every product. */
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
}
