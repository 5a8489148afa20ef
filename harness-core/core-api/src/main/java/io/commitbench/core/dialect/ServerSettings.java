package io.commitbench.core.dialect;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Reads server settings for reports, as the dialects share it: a query of names and values. */
public final class ServerSettings {

  private ServerSettings() {}

  /**
   * The rows of {@code sql}, a query with two columns (name, value), as {@code name=value}, names
   * in lower case, in the query's order. Changes nothing.
   */
  public static List<String> read(Connection admin, String sql) throws SQLException {
    List<String> settings = new ArrayList<>();
    try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        settings.add(rs.getString(1).toLowerCase(Locale.ROOT) + "=" + rs.getString(2));
      }
    }
    return settings;
  }
}
