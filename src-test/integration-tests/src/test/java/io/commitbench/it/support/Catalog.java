package io.commitbench.it.support;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a test needs to see in (and remove from) a database, written once per product: which
 * tables and users carry a prefix, how many rows a table has. Names are compared in lower case,
 * since H2 and Oracle keep unquoted names in upper case.
 */
public final class Catalog {

  private final DatabaseKind kind;
  private final Connection admin;

  public Catalog(DatabaseKind kind, Connection admin) {
    this.kind = kind;
    this.admin = admin;
  }

  /** Tables of the current schema whose names start with {@code prefix}, lower case, sorted. */
  public List<String> tablesStartingWith(String prefix) throws SQLException {
    String sql = switch (kind) {
      case POSTGRESQL -> "SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = current_schema()"
          + " AND tablename LIKE ?";
      case MARIADB -> "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE()"
          + " AND table_name LIKE ?";
      case H2 -> "SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = CURRENT_SCHEMA"
          + " AND LOWER(TABLE_NAME) LIKE ?";
      case ORACLE -> "SELECT table_name FROM user_tables WHERE LOWER(table_name) LIKE ?";
    };
    return namesStartingWith(sql, prefix);
  }

  /** Database users (roles, accounts) whose names start with {@code prefix}, lower case, sorted. */
  public List<String> usersStartingWith(String prefix) throws SQLException {
    String sql = switch (kind) {
      case POSTGRESQL -> "SELECT rolname FROM pg_catalog.pg_roles WHERE rolname LIKE ?";
      case MARIADB -> "SELECT DISTINCT User FROM mysql.user WHERE User LIKE ?";
      case H2 -> "SELECT USER_NAME FROM INFORMATION_SCHEMA.USERS WHERE LOWER(USER_NAME) LIKE ?";
      case ORACLE -> "SELECT username FROM all_users WHERE LOWER(username) LIKE ?";
    };
    return namesStartingWith(sql, prefix);
  }

  public long rowCount(String table) throws SQLException {
    try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /**
   * Drops every user and table whose name starts with the test's token: whatever a run left
   * behind (on purpose with cleanup=false, or by a bug), and the test's own sentinel. Users go
   * first, so that no grant keeps a table or role alive.
   */
  public void dropEverything(TestNames names) throws SQLException {
    for (String user : usersStartingWith(names.token())) {
      for (String sql : dropUser(user)) {
        execute(sql);
      }
    }
    for (String table : tablesStartingWith(names.token())) {
      execute(kind == DatabaseKind.ORACLE ? "DROP TABLE " + table + " PURGE" : "DROP TABLE IF EXISTS " + table);
    }
  }

  private List<String> dropUser(String user) throws SQLException {
    return switch (kind) {
      case POSTGRESQL -> List.of("DROP OWNED BY " + user, "DROP ROLE " + user);
      case MARIADB -> mariadbAccounts(user).stream().map(host -> "DROP USER '" + user + "'@'" + host + "'").toList();
      case H2 -> List.of("DROP USER IF EXISTS " + user);
      case ORACLE -> List.of("DROP USER " + user + " CASCADE");
    };
  }

  private List<String> mariadbAccounts(String user) throws SQLException {
    List<String> hosts = new ArrayList<>();
    try (PreparedStatement st = admin.prepareStatement("SELECT Host FROM mysql.user WHERE User = ?")) {
      st.setString(1, user);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          hosts.add(rs.getString(1));
        }
      }
    }
    return hosts;
  }

  public void execute(String sql) throws SQLException {
    try (Statement st = admin.createStatement()) {
      st.execute(sql);
    }
  }

  /**
   * Names matching {@code prefix%} in SQL, then filtered exactly in Java: '_' is a LIKE wildcard,
   * and escaping it differs between products.
   */
  private List<String> namesStartingWith(String sql, String prefix) throws SQLException {
    String lower = prefix.toLowerCase(Locale.ROOT);
    List<String> names = new ArrayList<>();
    try (PreparedStatement st = admin.prepareStatement(sql)) {
      st.setString(1, lower + "%");
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          String name = rs.getString(1).toLowerCase(Locale.ROOT);
          if (name.startsWith(lower)) {
            names.add(name);
          }
        }
      }
    }
    return names.stream().sorted().toList();
  }
}
