package io.commitbench.storage.oracle;

import io.commitbench.core.key.Redaction;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@link OracleRedoCatalog} over a JDBC connection to the root container ({@code CDB$ROOT}, e.g.
 * {@code jdbc:oracle:thin:@host:1521/FREE}) as a user holding ALTER DATABASE, ALTER SYSTEM and
 * SELECT_CATALOG_ROLE ({@code system} does). The connection stays the caller's: this class never
 * closes it. Not thread-safe.
 */
public final class JdbcOracleRedoCatalog implements OracleRedoCatalog {

  /** The DISCOVER query of the relocation, as the plan shows it. */
  public static final String GROUPS_SQL = "SELECT l.group#, l.thread#, l.sequence#, l.bytes, l.blocksize, l.members,"
      + " l.archived, l.status, f.member, f.status, f.type"
      + " FROM v$log l JOIN v$logfile f ON f.group# = l.group#"
      + " ORDER BY l.group#, f.member";
  static final String CONTAINER_SQL = "SELECT SYS_CONTEXT('USERENV','CON_NAME') FROM dual";
  static final String PRIVILEGES_SQL = "SELECT privilege FROM session_privs";
  static final String DATABASE_SQL = "SELECT open_mode, log_mode FROM v$database";

  private final Connection connection;

  public JdbcOracleRedoCatalog(Connection connection) {
    this.connection = connection;
  }

  @Override
  public String containerName() throws SQLException {
    return single(CONTAINER_SQL, 1);
  }

  @Override
  public Set<String> sessionPrivileges() throws SQLException {
    Set<String> privileges = new LinkedHashSet<>();
    try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(PRIVILEGES_SQL)) {
      while (rs.next()) {
        privileges.add(rs.getString(1));
      }
    }
    return privileges;
  }

  @Override
  public String openMode() throws SQLException {
    return single(DATABASE_SQL, 1);
  }

  @Override
  public String logMode() throws SQLException {
    return single(DATABASE_SQL, 2);
  }

  @Override
  public List<RedoGroup> groups() throws SQLException {
    Map<Integer, RedoGroup> groups = new LinkedHashMap<>();
    Map<Integer, List<RedoGroup.Member>> members = new LinkedHashMap<>();
    try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(GROUPS_SQL)) {
      while (rs.next()) {
        int group = rs.getInt(1);
        if (!"ONLINE".equals(rs.getString(11))) {
          continue; // standby logs are not part of the ring
        }
        groups.putIfAbsent(group, new RedoGroup(group, rs.getInt(2), rs.getLong(3), rs.getLong(4), rs.getInt(5),
            "YES".equals(rs.getString(7)), rs.getString(8), List.of()));
        members.computeIfAbsent(group, g -> new ArrayList<>())
            .add(new RedoGroup.Member(rs.getString(9), Optional.ofNullable(rs.getString(10)), rs.getString(11)));
      }
    }
    List<RedoGroup> out = new ArrayList<>();
    groups.forEach((g, row) -> out.add(new RedoGroup(g, row.thread(), row.sequence(), row.bytes(), row.blocksize(),
        row.archived(), row.status(), members.get(g))));
    return out;
  }

  @Override
  public void execute(String sql) throws SQLException {
    try (Statement st = connection.createStatement()) {
      st.execute(sql);
    }
  }

  /** The connection's URL, with any password it carries masked: it goes into plans and journals. */
  @Override
  public String describe() {
    try {
      return Redaction.url(connection.getMetaData().getURL());
    } catch (SQLException e) {
      return "an Oracle connection";
    }
  }

  private String single(String sql, int column) throws SQLException {
    try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      if (!rs.next()) {
        throw new SQLException("no row from: " + sql);
      }
      return rs.getString(column);
    }
  }
}
