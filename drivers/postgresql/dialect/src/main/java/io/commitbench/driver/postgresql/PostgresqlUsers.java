package io.commitbench.driver.postgresql;

import io.commitbench.core.dialect.Catalogs;
import io.commitbench.core.dialect.DbObject;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.dialect.Users;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * PostgreSQL's login roles for the actors: created with a SCRAM verifier in place of the password,
 * granted USAGE on the table's schema where they lack it, dropped with what they own. Stateless
 * and thread-safe.
 */
final class PostgresqlUsers implements Users {

  /** Salts of the actors' SCRAM verifiers; SecureRandom is thread-safe. */
  private static final SecureRandom SALTS = new SecureRandom();

  /** A superuser, or a role with CREATEROLE, may create the actors' login roles. */
  @Override
  public boolean canCreateUsers(Connection admin) throws SQLException {
    try (Statement st = admin.createStatement();
        ResultSet rs = st.executeQuery(
            "SELECT rolsuper OR rolcreaterole FROM pg_catalog.pg_roles WHERE rolname = current_user")) {
      return rs.next() && rs.getBoolean(1);
    }
  }

  /**
   * The password goes as its SCRAM-SHA-256 verifier (see {@link ScramSha256Verifier}), which
   * PostgreSQL stores as given: the clear password would otherwise be in the server log with
   * {@code log_statement=ddl} and in {@code pg_stat_activity}. The actor still logs in with the
   * clear password (SCRAM, or md5 authentication, which falls back to SCRAM for such a role).
   * PostgreSQL has no per-user storage quota (space is limited per tablespace or file system, not
   * per role), so {@code quotaMegabytes} is ignored.
   */
  @Override
  public List<String> createUserStatements(DbUser user, int quotaMegabytes) {
    return List.of("CREATE ROLE " + user.name() + " LOGIN PASSWORD '"
        + ScramSha256Verifier.of(user.password(), SALTS) + "'");
  }

  /**
   * Table rights are not enough: the role also needs USAGE on the table's schema. That grant
   * rewrites the schema's catalog row, and two sessions granting on one schema at once fail with
   * "tuple concurrently updated" (XX000), so runs setting up side by side on a shared server would
   * fail each other. The grant is made only when the role lacks USAGE (PUBLIC holds it on {@code
   * public} by default), and retried with a short back-off when a concurrent grant got there first.
   */
  @Override
  public List<String> grantStatements(DbUser user, TableSpec table) {
    List<String> grants = new ArrayList<>();
    if (!table.qualifier().isEmpty()) {
      grants.add(schemaUsageGrant(user.name(), table.qualifier()));
    }
    grants.add("GRANT SELECT, INSERT, UPDATE, DELETE ON " + table.qualifiedName() + " TO " + user.name());
    return grants;
  }

  private static String schemaUsageGrant(String role, String schema) {
    String grant = "GRANT USAGE ON SCHEMA " + schema + " TO " + role + ";";
    return "DO $$\n"
        + "BEGIN\n"
        + "  FOR attempt IN 1..20 LOOP\n"
        + "    BEGIN\n"
        + "      IF NOT has_schema_privilege('" + role + "', '" + schema.replace("'", "''")
        + "'::regnamespace, 'USAGE') THEN\n"
        + "        " + grant + "\n"
        + "      END IF;\n"
        + "      RETURN;\n"
        + "    EXCEPTION WHEN internal_error THEN\n"
        + "      PERFORM pg_sleep(0.01 * attempt);\n"
        + "    END;\n"
        + "  END LOOP;\n"
        + "  " + grant + "\n"
        + "END $$";
  }

  /**
   * One DO block, so that a missing role is no error. {@code DROP ROLE} alone fails while the
   * role still holds privileges; {@code DROP OWNED BY} revokes them (in the current database,
   * the only one the harness granted anything in) and drops whatever the role owns.
   */
  @Override
  public List<String> dropUserStatements(DbUser user) {
    return List.of("DO $$\n"
        + "BEGIN\n"
        + "  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = '" + user.name() + "') THEN\n"
        + "    DROP OWNED BY " + user.name() + ";\n"
        + "    DROP ROLE " + user.name() + ";\n"
        + "  END IF;\n"
        + "END\n"
        + "$$");
  }

  @Override
  public List<DbObject> usersStartingWith(Connection admin, String prefix)
      throws SQLException {
    return Catalogs.query(admin, "SELECT rolname, shobj_description(oid, 'pg_authid')"
        + " FROM pg_catalog.pg_roles WHERE rolname LIKE ?", prefix, false);
  }
}
