package io.commitbench.core.run;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.UsersMode;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Creates what a run needs, as the paper's central user does: the workload's tables and, in
 * db-users mode, one login per actor with DML grants on every table. Removes
 * it all again at the end. Tables and users carry the configured prefixes; leftovers of an
 * earlier run with the same names are dropped first.
 *
 * <p>Statements that carry a password are never logged or put into exception messages.
 */
final class SchemaSetup {

  private static final int PASSWORD_LENGTH = 24;
  private static final String PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

  private final BenchmarkConfig config;
  private final Dialect dialect;
  private final AdminConnection admin;
  private final List<SchemaTable> tables = new ArrayList<>();
  private final List<DbUser> users = new ArrayList<>();
  private UsersMode mode;

  SchemaSetup(BenchmarkConfig config, Dialect dialect, AdminConnection admin) {
    this.config = config;
    this.dialect = dialect;
    this.admin = admin;
  }

  /** Decides the users mode; refuses db-users when the configured user may not create users. */
  UsersMode resolveMode() throws SQLException {
    boolean mayCreate = dialect.canCreateUsers(admin.get());
    mode = switch (config.usersMode()) {
      case AUTO -> mayCreate ? UsersMode.DB_USERS : UsersMode.SHARED;
      case DB_USERS -> {
        if (!mayCreate) {
          throw new SQLException("users.mode=db-users, but " + config.dbUser()
              + " may not create database users; grant it that privilege or use users.mode=shared");
        }
        yield UsersMode.DB_USERS;
      }
      case SHARED -> UsersMode.SHARED;
    };
    return mode;
  }

  /** How the workload names its tables here: the configured prefix, in the admin's schema. */
  SchemaNaming naming() throws SQLException {
    return new SchemaNaming(dialect, dialect.centralQualifier(admin.get()), config.tablePrefix());
  }

  /** Creates the workload's tables (and users); returns the tables in order. */
  List<SchemaTable> create(List<SchemaTable> workloadTables) throws SQLException {
    for (SchemaTable table : workloadTables) {
      String name = table.spec().name();
      execute(table.drop(), "drop leftover table " + name, false);
      tables.add(table);
      execute(table.create(), "create table " + name, false);
    }
    if (mode == UsersMode.DB_USERS) {
      SecureRandom random = new SecureRandom();
      for (int a = 1; a <= config.users(); a++) {
        DbUser user = new DbUser(config.userPrefix() + a, password(random));
        execute(dialect.dropUserStatements(user), "drop leftover user " + user.name(), false);
        users.add(user);
        execute(dialect.createUserStatements(user, config.quotaMegabytes()), "create user " + user.name(), true);
        for (SchemaTable table : tables) {
          execute(dialect.grantStatements(user, table.spec()), "grant " + table.spec().name() + " to " + user.name(),
              false);
        }
      }
    }
    commitIfNeeded();
    return List.copyOf(tables);
  }

  /** The login of actor {@code index} (0-based); null in shared mode. */
  DbUser userOf(int index) {
    return mode == UsersMode.DB_USERS ? users.get(index) : null;
  }

  /**
   * Drops the users and tables this setup created, users first so that no actor login outlives
   * the tables it was granted. Every statement is tried; the failures are returned.
   */
  List<Leftover> drop() {
    List<Leftover> left = new ArrayList<>();
    for (DbUser user : users) {
      tryDrop(dialect.dropUserStatements(user), "user " + user.name(), left);
    }
    for (SchemaTable table : tables) {
      tryDrop(table.drop(), "table " + table.spec().name(), left);
    }
    try {
      commitIfNeeded();
    } catch (SQLException e) {
      left.add(new Leftover("the drops above (their commit failed)", List.of("COMMIT"), e.getMessage()));
    }
    users.clear();
    tables.clear();
    return left;
  }

  private void tryDrop(List<String> statements, String what, List<Leftover> left) {
    try {
      execute(statements, "drop " + what, false);
    } catch (SQLException e) {
      left.add(new Leftover(what, statements, e.getMessage()));
    }
  }

  private void execute(List<String> statements, String what, boolean sensitive) throws SQLException {
    try (Statement statement = admin.get().createStatement()) {
      statement.setQueryTimeout(config.statementTimeoutSeconds());
      for (String sql : statements) {
        statement.execute(sql);
      }
    } catch (SQLException e) {
      // The server's message may echo the statement; for a statement with a password, drop it.
      String detail = sensitive ? "SQLState " + e.getSQLState() + ", code " + e.getErrorCode() : e.getMessage();
      throw new SQLException("cannot " + what + ": " + detail, e.getSQLState(), e.getErrorCode(), sensitive ? null : e);
    }
  }

  private void commitIfNeeded() throws SQLException {
    if (!admin.get().getAutoCommit()) {
      admin.get().commit();
    }
  }

  private static String password(SecureRandom random) {
    StringBuilder password = new StringBuilder(PASSWORD_LENGTH);
    for (int i = 0; i < PASSWORD_LENGTH; i++) {
      password.append(PASSWORD_ALPHABET.charAt(random.nextInt(PASSWORD_ALPHABET.length())));
    }
    return password.toString();
  }
}
