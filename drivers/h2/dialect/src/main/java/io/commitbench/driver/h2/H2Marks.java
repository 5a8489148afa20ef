package io.commitbench.driver.h2;

import io.commitbench.core.dialect.Catalogs;
import io.commitbench.core.dialect.DbSession;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.OwnershipMarks;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * H2 keeps comments on tables and users alike, so both carry the mark; sessions are listed from
 * {@code INFORMATION_SCHEMA.SESSIONS}. Stateless and thread-safe.
 */
final class H2Marks implements OwnershipMarks {

  @Override
  public boolean marksUsers() {
    return true;
  }

  @Override
  public List<String> markUserStatements(DbUser user, String mark) {
    return List.of("COMMENT ON USER " + user.name() + " IS '" + mark + "'");
  }

  @Override
  public List<DbSession> sessions(Connection admin) throws SQLException {
    return Catalogs.sessions(admin, "SELECT USER_NAME, 'session ' || SESSION_ID"
        + " || ' since ' || SESSION_START FROM INFORMATION_SCHEMA.SESSIONS WHERE SESSION_ID <> SESSION_ID()");
  }
}
