package io.commitbench.driver.h2;

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
 * H2's users for the actors: created by an admin, dropped with their rights, listed from {@code
 * INFORMATION_SCHEMA.USERS} with their comments. Stateless and thread-safe.
 */
final class H2Users implements Users {

  /** True when the current user is an H2 admin: only admins may create users in H2. */
  @Override
  public boolean canCreateUsers(Connection admin) throws SQLException {
    try (Statement st = admin.createStatement();
        ResultSet rs = st.executeQuery(
            "SELECT IS_ADMIN FROM INFORMATION_SCHEMA.USERS WHERE USER_NAME = CURRENT_USER")) {
      return rs.next() && rs.getBoolean(1);
    }
  }

  /**
   * H2 has no storage quota; {@code quotaMegabytes} is ignored.
   *
   * <p>The password goes in clear, by decision: H2 is embedded (the harness's default), so the
   * statement never leaves this JVM, H2 keeps no statement log unless its trace level is raised,
   * and it stores only a salted hash itself. Its {@code SALT ... HASH ...} form would tie the
   * harness to the hash H2 computes internally, for no gain in the embedded case.
   */
  @Override
  public List<String> createUserStatements(DbUser user, int quotaMegabytes) {
    return List.of("CREATE USER " + user.name() + " PASSWORD '" + user.password() + "'");
  }

  @Override
  public List<String> grantStatements(DbUser user, TableSpec table) {
    return List.of("GRANT SELECT, INSERT, UPDATE, DELETE ON " + table.qualifiedName() + " TO " + user.name());
  }

  /** Dropping an H2 user also removes the rights granted to it. */
  @Override
  public List<String> dropUserStatements(DbUser user) {
    return List.of("DROP USER IF EXISTS " + user.name());
  }

  @Override
  public List<DbObject> usersStartingWith(Connection admin, String prefix)
      throws SQLException {
    return Catalogs.query(admin,
        "SELECT USER_NAME, REMARKS FROM INFORMATION_SCHEMA.USERS WHERE USER_NAME LIKE ?", prefix, true);
  }
}
