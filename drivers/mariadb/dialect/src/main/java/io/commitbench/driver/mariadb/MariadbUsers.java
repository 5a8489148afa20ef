package io.commitbench.driver.mariadb;

import io.commitbench.core.dialect.Catalogs;
import io.commitbench.core.dialect.DbObject;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.dialect.Users;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * MariaDB's accounts {@code 'name'@'%'} for the actors: created with the {@code
 * mysql_native_password} hash in place of the password, dropped with their grants. Stateless and
 * thread-safe.
 */
final class MariadbUsers implements Users {

  /**
   * Counts the direct global CREATE USER grant of the authenticated account. CURRENT_USER()
   * reads {@code user@host} while USER_PRIVILEGES.GRANTEE reads {@code 'user'@'host'}; the host
   * is what follows the last {@code @}, since a user name may itself contain one.
   */
  static final String CAN_CREATE_USERS_SQL =
      "SELECT COUNT(*) FROM information_schema.USER_PRIVILEGES"
          + " WHERE PRIVILEGE_TYPE = 'CREATE USER' AND GRANTEE = CONCAT('''',"
          + " LEFT(CURRENT_USER(), CHAR_LENGTH(CURRENT_USER())"
          + " - CHAR_LENGTH(SUBSTRING_INDEX(CURRENT_USER(), '@', -1)) - 1),"
          + " '''@''', SUBSTRING_INDEX(CURRENT_USER(), '@', -1), '''')";

  /**
   * Whether the account holds CREATE USER globally (root does, through ALL PRIVILEGES). A grant
   * held only through a role is not seen, which errs on the safe side: shared login.
   */
  @Override
  public boolean canCreateUsers(Connection admin) throws SQLException {
    try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery(CAN_CREATE_USERS_SQL)) {
      return rs.next() && rs.getLong(1) > 0;
    }
  }

  /**
   * The password goes as its {@code mysql_native_password} hash (see {@link NativePasswordHash}),
   * which MariaDB stores as given: the clear password would otherwise be in the statement text,
   * which the general log and the processlist show. The actor still logs in with the clear
   * password. MariaDB has no per-user storage quota, so {@code quotaMegabytes} is ignored.
   */
  @Override
  public List<String> createUserStatements(DbUser user, int quotaMegabytes) {
    return List.of("CREATE USER " + account(user) + " IDENTIFIED BY PASSWORD '"
        + NativePasswordHash.of(user.password()) + "'");
  }

  @Override
  public List<String> grantStatements(DbUser user, TableSpec table) {
    return List.of("GRANT SELECT, INSERT, UPDATE, DELETE ON " + table.qualifiedName() + " TO " + account(user));
  }

  /** DROP USER also removes the account's grants. */
  @Override
  public List<String> dropUserStatements(DbUser user) {
    return List.of("DROP USER IF EXISTS " + account(user));
  }

  /**
   * Accounts of the host pattern the harness creates ({@code '%'}); MariaDB keeps no comment on an
   * account, so they carry no mark.
   */
  @Override
  public List<DbObject> usersStartingWith(Connection admin, String prefix)
      throws SQLException {
    return Catalogs.query(admin,
        "SELECT DISTINCT User FROM mysql.user WHERE Host = '%' AND User LIKE ?", prefix, false);
  }

  /** Any host: actors may connect from wherever the harness runs. */
  private static String account(DbUser user) {
    return "'" + user.name() + "'@'%'";
  }
}
