package io.commitbench.it.support;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;

/**
 * A table of the test's own with known rows, created before a run: the run must leave it
 * exactly as it was. {@link #fingerprint()} is the row count and a SHA-256 over every row in
 * key order, so a changed, added or removed row shows.
 */
public final class Sentinel {

  /** Rows written, enough to notice a partial delete. */
  public static final int ROWS = 25;

  private final Connection admin;
  private final String table;

  private Sentinel(Connection admin, String table) {
    this.admin = admin;
    this.table = table;
  }

  /** Creates {@code table} with {@link #ROWS} rows. */
  public static Sentinel create(DatabaseKind kind, Connection admin, String table) throws SQLException {
    String number = kind == DatabaseKind.ORACLE ? "NUMBER(19)" : "BIGINT";
    try (Statement st = admin.createStatement()) {
      st.execute("CREATE TABLE " + table + " (num_attr " + number + " NOT NULL PRIMARY KEY, text_attr VARCHAR(40))");
    }
    try (PreparedStatement insert = admin.prepareStatement("INSERT INTO " + table + " VALUES (?, ?)")) {
      for (int i = 1; i <= ROWS; i++) {
        insert.setLong(1, i);
        insert.setString(2, "sentinel row " + i + " of " + table);
        insert.executeUpdate();
      }
    }
    if (!admin.getAutoCommit()) {
      admin.commit();
    }
    return new Sentinel(admin, table);
  }

  public String table() {
    return table;
  }

  /** {@code rows=25 sha256=...}: changes when any row does. */
  public String fingerprint() throws SQLException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
    long rows = 0;
    try (Statement st = admin.createStatement();
        ResultSet rs = st.executeQuery("SELECT num_attr, text_attr FROM " + table + " ORDER BY num_attr")) {
      while (rs.next()) {
        rows++;
        digest.update((rs.getLong(1) + "\t" + rs.getString(2) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
    }
    return "rows=" + rows + " sha256=" + HexFormat.of().formatHex(digest.digest());
  }
}
