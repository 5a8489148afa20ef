package io.commitbench.driver.oracle;

import io.commitbench.core.dialect.Catalogs;
import io.commitbench.core.dialect.DbObject;
import io.commitbench.core.dialect.DbSession;
import io.commitbench.core.dialect.OwnershipMarks;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Oracle keeps table comments ({@code COMMENT ON TABLE}, the default) but none on users; tables
 * and their comments are read from the dictionary, sessions from {@code V$SESSION}. Stateless and
 * thread-safe.
 */
final class OracleMarks implements OwnershipMarks {

  /**
   * The JDBC metadata reads no comments from ojdbc unless {@code remarksReporting} is set, so the
   * dictionary is asked; names are kept in upper case.
   */
  @Override
  public List<DbObject> tablesStartingWith(Connection admin, String qualifier,
      String prefix) throws SQLException {
    List<DbObject> found = new ArrayList<>();
    try (PreparedStatement st = admin.prepareStatement("SELECT t.table_name, c.comments FROM all_tables t"
        + " LEFT JOIN all_tab_comments c ON c.owner = t.owner AND c.table_name = t.table_name"
        + " WHERE t.owner = ? AND t.table_name LIKE ?")) {
      st.setString(1, qualifier.toUpperCase(java.util.Locale.ROOT));
      st.setString(2, prefix.toUpperCase(java.util.Locale.ROOT) + "%");
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          DbObject table = new DbObject(rs.getString(1),
              rs.getString(2));
          if (table.name().startsWith(prefix)) {
            found.add(table);
          }
        }
      }
    }
    return found;
  }

  /** Needs SELECT on V$SESSION (SELECT_CATALOG_ROLE); without it the sessions are not known. */
  @Override
  public List<DbSession> sessions(Connection admin) throws SQLException {
    return Catalogs.sessions(admin, "SELECT username, machine || ' since '"
        + " || TO_CHAR(logon_time, 'YYYY-MM-DD HH24:MI:SS') FROM v$session WHERE username IS NOT NULL"
        + " AND sid <> SYS_CONTEXT('USERENV', 'SID')");
  }
}
