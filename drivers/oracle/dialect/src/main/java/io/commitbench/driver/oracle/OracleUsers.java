package io.commitbench.driver.oracle;

import io.commitbench.core.dialect.Catalogs;
import io.commitbench.core.dialect.DbObject;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.dialect.Users;
import io.commitbench.core.key.ParameterKeys;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;

/**
 * Oracle's database users for the actors, each with a quota on the USERS tablespace and CREATE
 * SESSION; dropped with CASCADE, ignoring only ORA-01918 (no such user). Stateless and
 * thread-safe.
 */
final class OracleUsers implements Users {

  /** Reads the privileges in effect for this session, including those that come through roles. */
  @Override
  public boolean canCreateUsers(Connection admin) throws SQLException {
    try (Statement st = admin.createStatement();
        ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM SESSION_PRIVS WHERE PRIVILEGE = 'CREATE USER'")) {
      return rs.next() && rs.getLong(1) > 0;
    }
  }

  /**
   * The password is quoted so Oracle keeps its case and accepts a leading digit. The quota is on
   * the USERS tablespace, as in the paper's setup.
   *
   * <p>The password goes in clear, by decision: Oracle's only hashed form, {@code IDENTIFIED BY
   * VALUES '<verifiers>'}, is meant for export and import, and which verifiers a login needs (the
   * 11g {@code S:} SHA-1 one, the 12c {@code T:} PBKDF2-SHA-512 one) depends on the release and on
   * the server's {@code SQLNET.ALLOWED_LOGON_VERSION_SERVER}. A wrong guess creates users that
   * cannot log in, found only when the actors start. Keep it off the wire with Oracle's network
   * encryption or a {@code tcps} URL; the server itself stores only its verifiers.
   *
   * @throws IllegalArgumentException if the quota is negative
   */
  @Override
  public List<String> createUserStatements(DbUser user, int quotaMegabytes) {
    if (quotaMegabytes < 0) {
      throw new IllegalArgumentException("quota must be at least 0 MB, got " + quotaMegabytes);
    }
    return List.of(
        "CREATE USER " + user.name() + " IDENTIFIED BY \"" + user.password() + "\""
            + " DEFAULT TABLESPACE USERS QUOTA " + quotaMegabytes + "M ON USERS",
        "GRANT CREATE SESSION TO " + user.name());
  }

  /** The quota of each created user, on the USERS tablespace. */
  @Override
  public Set<String> productKeys() {
    return Set.of(ParameterKeys.QUOTA);
  }

  @Override
  public List<String> grantStatements(DbUser user, TableSpec table) {
    return List.of("GRANT SELECT, INSERT, UPDATE, DELETE ON " + table.qualifiedName() + " TO " + user.name());
  }

  /** CASCADE drops whatever the user owns; dropping the user revokes its grants. */
  @Override
  public List<String> dropUserStatements(DbUser user) {
    return List.of(OracleDialect.ignoring(-1918, "DROP USER " + user.name() + " CASCADE"));
  }

  /** Oracle keeps no comment on a user. */
  @Override
  public List<DbObject> usersStartingWith(Connection admin, String prefix)
      throws SQLException {
    return Catalogs.query(admin, "SELECT username FROM all_users WHERE username LIKE ?",
        prefix, true);
  }
}
