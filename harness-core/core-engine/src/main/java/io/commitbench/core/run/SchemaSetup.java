package io.commitbench.core.run;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.key.UsersMode;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.namespace.NameGuard;
import io.commitbench.core.namespace.NamesRefusedException;
import io.commitbench.core.namespace.OwnershipMark;
import io.commitbench.core.report.Leftover;
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
 * db-users mode, one login per actor with DML grants on every table, each marked as this run's
 * ({@link OwnershipMark}). Removes it all again at the end.
 *
 * <p>It drops only what it created itself: before creating anything it checks that no name it
 * would create exists ({@link NameGuard}), and an object counts as created only once its CREATE
 * succeeded, so a name someone else took meanwhile makes the CREATE fail and is never dropped.
 * Statements that carry a password are never logged or put into exception messages.
 */
final class SchemaSetup {

  private static final int PASSWORD_LENGTH = 24;
  /** Why an object was left when the admin connection was lost: no drop could be sent. */
  private static final String NOT_TRIED = "not dropped: the admin connection was lost";
  private static final String PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

  private final BenchmarkConfig config;
  private final Dialect dialect;
  private final AdminConnection admin;
  private final List<SchemaTable> tables = new ArrayList<>();
  private final List<DbUser> users = new ArrayList<>();
  private final OwnershipMark mark;
  private UsersMode mode;

  /** @param mark the run's mark, put on every table and user it creates */
  SchemaSetup(BenchmarkConfig config, Dialect dialect, AdminConnection admin, OwnershipMark mark) {
    this.config = config;
    this.dialect = dialect;
    this.admin = admin;
    this.mark = mark;
  }

  /** Decides the users mode; refuses db-users when the configured user may not create users. */
  UsersMode resolveMode() throws SQLException {
    boolean mayCreate = dialect.users().canCreateUsers(admin.get());
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

  /**
   * Creates the workload's tables (and users), marked as this run's; returns the tables in order.
   *
   * @throws NamesRefusedException before anything is created, when a name is too long or taken
   */
  List<SchemaTable> create(List<SchemaTable> workloadTables) throws SQLException, NamesRefusedException {
    List<String> userNames = new ArrayList<>();
    if (mode == UsersMode.DB_USERS) {
      for (int a = 1; a <= config.users(); a++) {
        userNames.add(config.userPrefix() + a);
      }
    }
    new NameGuard(dialect, admin.get(), runId -> "commitbench cleanup <the run's parameter file and --set options>"
        + " --run-id " + runId).check(dialect.centralQualifier(admin.get()), config.tablePrefix(),
        workloadTables.stream().map(SchemaTable::spec).toList(), config.userPrefix(), userNames);
    for (SchemaTable table : workloadTables) {
      TableSpec spec = table.spec();
      // Marked as loading until loaded() says the rows are all in.
      createMarked(dialect.marks().createMarkedTableStatements(table.create(), spec, mark.loadingText()),
          () -> tables.add(table), "create table " + spec.name(), false);
    }
    createUsers(userNames, tables);
    commitIfNeeded();
    return List.copyOf(tables);
  }

  /**
   * Marks the tables this setup created as loaded: their mark no longer says {@code
   * load=incomplete}, so {@code load=reuse} takes them.
   */
  void loaded() throws SQLException {
    for (SchemaTable table : tables) {
      execute(dialect.marks().markTableStatements(table.spec(), mark.text()), "mark table " + table.spec().name(),
          false);
    }
    commitIfNeeded();
  }

  /** The tables this setup created (and still holds), by name, for messages. */
  List<String> tableNames() {
    return tables.stream().map(t -> t.spec().name()).toList();
  }

  /**
   * For a run on a prepared data set ({@code load=reuse}): checks that the workload's tables
   * exist, and creates (in db-users mode) the actors' users with grants on them. The tables are
   * not this run's: they are neither marked nor dropped; the users are.
   *
   * @throws NamesRefusedException before anything is created, when a table is missing or a user name taken
   */
  List<SchemaTable> reuse(List<SchemaTable> workloadTables, ReuseCheck fits) throws SQLException,
      NamesRefusedException {
    String qualifier = dialect.centralQualifier(admin.get());
    java.util.Set<String> present = new java.util.HashSet<>();
    java.util.Set<String> halfLoaded = new java.util.TreeSet<>();
    for (io.commitbench.core.dialect.DbObject table : dialect.marks().tablesStartingWith(admin.get(), qualifier,
        config.tablePrefix())) {
      present.add(table.name());
      if (OwnershipMark.loadIncomplete(table.comment())) {
        halfLoaded.add(table.name());
      }
    }
    List<String> missing = workloadTables.stream().map(t -> t.spec().name()).filter(n -> !present.contains(n)).toList();
    if (!missing.isEmpty()) {
      throw new NamesRefusedException("load=reuse, but " + missing.size() + " of the " + workloadTables.size()
          + " tables at table.prefix=" + config.tablePrefix() + " do not exist (" + String.join(", ",
          missing.subList(0, Math.min(missing.size(), 5))) + (missing.size() > 5 ? ", ..." : "") + "); nothing was"
          + " created or dropped. Load the data set first: commitbench prepare <the parameter file and --set"
          + " options>, or run with load=fresh");
    }
    List<String> incomplete = workloadTables.stream().map(t -> t.spec().name()).filter(halfLoaded::contains).toList();
    if (!incomplete.isEmpty()) {
      throw new NamesRefusedException("load=reuse, but " + incomplete.size() + " of the " + workloadTables.size()
          + " tables at table.prefix=" + config.tablePrefix() + " " + (incomplete.size() == 1 ? "was" : "were")
          + " not loaded completely (" + String.join(", ", incomplete.subList(0, Math.min(incomplete.size(), 5)))
          + (incomplete.size() > 5 ? ", ..." : "") + ": their commitbench mark says load=incomplete; the load that"
          + " created them was interrupted or failed); nothing was created or dropped. Drop the data set with"
          + " commitbench cleanup <the parameter file and --set options> --prefix " + config.tablePrefix()
          + " --apply, then prepare it again");
    }
    java.util.Optional<String> unfit = fits.problem(workloadTables);
    if (unfit.isPresent()) {
      throw new NamesRefusedException("load=reuse, but the data set at table.prefix=" + config.tablePrefix()
          + " does not fit this run: " + unfit.get() + "; nothing was created or dropped");
    }
    List<String> userNames = new ArrayList<>();
    if (mode == UsersMode.DB_USERS) {
      for (int a = 1; a <= config.users(); a++) {
        userNames.add(config.userPrefix() + a);
      }
    }
    new NameGuard(dialect, admin.get(), runId -> "commitbench cleanup <the run's parameter file and --set options>"
        + " --run-id " + runId).check(qualifier, config.tablePrefix(), List.of(), config.userPrefix(), userNames);
    createUsers(userNames, workloadTables);
    commitIfNeeded();
    return List.copyOf(workloadTables);
  }

  /** Whether existing tables fit the run (the workload's check), before anything is created. */
  @FunctionalInterface
  interface ReuseCheck {
    java.util.Optional<String> problem(List<SchemaTable> tables) throws SQLException;
  }

  /** Tables only, no users: for {@code commitbench prepare}, whose tables outlive it. */
  void tablesOnly() {
    mode = UsersMode.SHARED;
  }

  private void createUsers(List<String> userNames, List<SchemaTable> grantedTables) throws SQLException {
    SecureRandom random = new SecureRandom();
    for (String name : userNames) {
      DbUser user = new DbUser(name, password(random));
      List<String> create = new ArrayList<>(dialect.users().createUserStatements(user, config.quotaMegabytes()));
      create.addAll(dialect.marks().markUserStatements(user, mark.text()));
      createMarked(create, () -> users.add(user), "create user " + user.name(), true);
      for (SchemaTable table : grantedTables) {
        execute(dialect.users().grantStatements(user, table.spec()),
            "grant " + table.spec().name() + " to " + user.name(), false);
      }
    }
  }

  /**
   * Runs the statements that create an object and mark it. Where a transaction holds DDL they
   * commit as one, so the object exists with its mark or not at all, and is this run's once
   * committed; elsewhere the object is this run's once its first statement succeeded.
   */
  private void createMarked(List<String> statements, Runnable owned, String what, boolean sensitive)
      throws SQLException {
    if (!dialect.marks().transactionalDdl()) {
      createOwned(statements, owned, what, sensitive);
      return;
    }
    Connection connection = admin.get();
    boolean autoCommit = connection.getAutoCommit();
    connection.setAutoCommit(false);
    try {
      execute(statements, what, sensitive);
      connection.commit();
      owned.run();
    } catch (SQLException e) {
      try {
        connection.rollback();
      } catch (SQLException rollback) {
        e.addSuppressed(rollback);
      }
      throw e;
    } finally {
      connection.setAutoCommit(autoCommit);
    }
  }

  /** Runs the statements that create an object; once the first one succeeded the object is this run's. */
  private void createOwned(List<String> statements, Runnable owned, String what, boolean sensitive)
      throws SQLException {
    execute(statements.subList(0, 1), what, sensitive);
    owned.run();
    execute(statements.subList(1, statements.size()), what, sensitive);
  }

  /** What a setup created, handed from one run of a group to the next ({@link KeptSchema}). */
  record Created(List<SchemaTable> tables, List<DbUser> users, UsersMode mode) {}

  /** Hands what it created over to the next run: this setup then holds nothing to drop. */
  Created handOver() {
    Created created = new Created(List.copyOf(tables), List.copyOf(users), mode);
    tables.clear();
    users.clear();
    return created;
  }

  /**
   * Takes over what a previous run of the group created, and empties its tables, so the workload's
   * load puts them back in the state every run starts from; the cleanup then drops them.
   */
  List<SchemaTable> adopt(Created created) throws SQLException {
    tables.addAll(created.tables());
    users.addAll(created.users());
    mode = created.mode();
    for (SchemaTable table : tables) {
      execute(dialect.marks().markTableStatements(table.spec(), mark.loadingText()),
          "mark table " + table.spec().name(), false);
      execute(List.of("DELETE FROM " + table.spec().qualifiedName()), "empty table " + table.spec().name(), false);
    }
    commitIfNeeded();
    return List.copyOf(tables);
  }

  /** Whether this setup created anything (that the cleanup is to drop). */
  boolean createdAnything() {
    return !tables.isEmpty() || !users.isEmpty();
  }

  /** The login of actor {@code index} (0-based); null in shared mode. */
  DbUser userOf(int index) {
    return mode == UsersMode.DB_USERS ? users.get(index) : null;
  }

  /**
   * Drops the users and tables this setup created, users first so that no actor login outlives
   * the tables it was granted. Every statement is tried; the failures are returned. When the
   * admin connection is lost, nothing can be tried: every object is returned, with its drop
   * statements, as the setup knows it created them.
   */
  List<Leftover> drop() {
    List<Leftover> left = new ArrayList<>();
    if (admin.isLost()) {
      for (DbUser user : users) {
        left.add(new Leftover("user " + user.name(), dialect.users().dropUserStatements(user), NOT_TRIED));
      }
      for (SchemaTable table : tables) {
        left.add(new Leftover("table " + table.spec().name(), table.drop(), NOT_TRIED));
      }
      users.clear();
      tables.clear();
      return left;
    }
    for (DbUser user : users) {
      tryDrop(dialect.users().dropUserStatements(user), "user " + user.name(), left);
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
