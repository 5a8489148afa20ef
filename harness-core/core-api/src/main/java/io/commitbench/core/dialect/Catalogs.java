package io.commitbench.core.dialect;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Catalog look-ups the dialects share: tables through JDBC's {@link DatabaseMetaData}, and a
 * name-and-comment query for what the metadata does not cover (users). Names are matched with
 * {@code LIKE 'prefix%'} and then exactly in Java: {@code _} is a LIKE wildcard, and how to
 * escape it differs between products, so the SQL may return a few names too many, never too few.
 */
public final class Catalogs {

  private Catalogs() {}

  /**
   * The tables of {@code schema} (or, for products without schemas, {@code catalog}) whose names
   * start with {@code prefix}, with their comment (JDBC's REMARKS). A product that keeps unquoted
   * names in upper case is asked in upper case.
   */
  public static List<DbObject> tables(Connection admin, String catalog, String schema, String prefix)
      throws SQLException {
    DatabaseMetaData meta = admin.getMetaData();
    boolean upper = meta.storesUpperCaseIdentifiers();
    String pattern = (upper ? prefix.toUpperCase(Locale.ROOT) : prefix) + "%";
    List<DbObject> found = new ArrayList<>();
    try (ResultSet rs = meta.getTables(catalog, schema, pattern, new String[] {"TABLE"})) {
      while (rs.next()) {
        found.add(new DbObject(rs.getString("TABLE_NAME"), rs.getString("REMARKS")));
      }
    }
    return startingWith(found, prefix);
  }

  /**
   * Runs {@code sql}, which takes the LIKE pattern as its one parameter and returns a name and
   * (optionally) a comment, and keeps the names that start with {@code prefix}.
   *
   * @param upper whether the product keeps the names in upper case
   */
  public static List<DbObject> query(Connection admin, String sql, String prefix, boolean upper) throws SQLException {
    List<DbObject> found = new ArrayList<>();
    try (PreparedStatement st = admin.prepareStatement(sql)) {
      st.setString(1, (upper ? prefix.toUpperCase(Locale.ROOT) : prefix) + "%");
      try (ResultSet rs = st.executeQuery()) {
        boolean withComment = rs.getMetaData().getColumnCount() > 1;
        while (rs.next()) {
          found.add(new DbObject(rs.getString(1), withComment ? rs.getString(2) : null));
        }
      }
    }
    return startingWith(found, prefix);
  }

  /** Every row of {@code sql} (user, detail) as a session. */
  public static List<DbSession> sessions(Connection admin, String sql) throws SQLException {
    List<DbSession> sessions = new ArrayList<>();
    try (PreparedStatement st = admin.prepareStatement(sql); ResultSet rs = st.executeQuery()) {
      while (rs.next()) {
        if (rs.getString(1) != null) {
          sessions.add(new DbSession(rs.getString(1), rs.getString(2)));
        }
      }
    }
    return sessions;
  }

  private static List<DbObject> startingWith(List<DbObject> found, String prefix) {
    String lower = prefix.toLowerCase(Locale.ROOT);
    return found.stream().filter(o -> o.name().startsWith(lower)).distinct().sorted(
        java.util.Comparator.comparing(DbObject::name)).toList();
  }
}
