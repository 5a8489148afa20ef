package io.commitbench.core.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

/**
 * How a product makes, grants to, lists and drops the login users the harness gives its actors
 * ({@code users.mode}). A {@link Dialect} hands it out through {@link Dialect#users()}; every kind
 * has one, in its own class beside its dialect.
 *
 * <p>Stateless and thread-safe, like the dialect: one instance serves every actor.
 *
 * <pre>
 * Users users = dialect.users();
 * if (users.canCreateUsers(admin)) for (String sql : users.createUserStatements(user, 50)) statement.execute(sql);
 * </pre>
 */
public interface Users {

  /**
   * Whether the connected user may create database users (to choose {@code users.mode} when it
   * is {@code auto}). Must not change anything.
   */
  boolean canCreateUsers(Connection admin) throws SQLException;

  /**
   * Statements that create a login user for one actor, with the password and, where the product
   * has one, a storage quota. Where the server accepts a hash of the password in place of the
   * password, the statement carries the hash, so the password is in no server log or session
   * view; where it does not, the text contains the password. Callers never log it either way.
   */
  List<String> createUserStatements(DbUser user, int quotaMegabytes);

  /**
   * The engine's keys that only some products act on, of those this one does ({@link
   * io.commitbench.core.key.ParameterKeys#PRODUCT_KEYS}): {@code quota} where {@link
   * #createUserStatements} gives the user a storage quota. A report shows such a key only for a
   * run whose database acts on it. The default: none.
   */
  default Set<String> productKeys() {
    return Set.of();
  }

  /** Statements that let the user read and change the central table (SELECT/INSERT/UPDATE/DELETE). */
  List<String> grantStatements(DbUser user, TableSpec table);

  /** Statements that remove the user and whatever was granted to it; must not fail when absent. */
  List<String> dropUserStatements(DbUser user);

  /**
   * The users (login roles, accounts of the host pattern the harness creates) whose names start
   * with {@code prefix}, with their comments where the product keeps one. Must not change anything.
   */
  List<DbObject> usersStartingWith(Connection admin, String prefix) throws SQLException;
}
