package io.commitbench.driver.postgresql;

import io.commitbench.core.dialect.Catalogs;
import io.commitbench.core.dialect.DbSession;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.OwnershipMarks;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * PostgreSQL marks tables and roles with comments, and a transaction holds DDL, so a table and its
 * mark commit together; sessions are listed from {@code pg_stat_activity}. Stateless and
 * thread-safe.
 */
final class PostgresqlMarks implements OwnershipMarks {

  /** CREATE TABLE, CREATE ROLE and COMMENT ON commit with the transaction they are in, or roll back with it. */
  @Override
  public boolean transactionalDdl() {
    return true;
  }

  /** Roles keep comments ({@code COMMENT ON ROLE}, in the cluster-wide pg_shdescription). */
  @Override
  public boolean marksUsers() {
    return true;
  }

  @Override
  public List<String> markUserStatements(DbUser user, String mark) {
    return List.of("COMMENT ON ROLE " + user.name() + " IS '" + mark + "'");
  }

  /** Every other backend with a role: where from, since when and its application name. */
  @Override
  public List<DbSession> sessions(Connection admin) throws SQLException {
    return Catalogs.sessions(admin, "SELECT usename, COALESCE(host(client_addr),"
        + " 'a local socket') || ' since ' || to_char(backend_start, 'YYYY-MM-DD HH24:MI:SS')"
        + " || ' (' || COALESCE(application_name, '') || ')' FROM pg_catalog.pg_stat_activity"
        + " WHERE usename IS NOT NULL AND pid <> pg_backend_pid()");
  }
}
