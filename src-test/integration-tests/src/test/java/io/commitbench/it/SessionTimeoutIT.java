package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.TestNames;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What {@code statement.timeout} does on the server, through each dialect's session statements
 * (run once on every actor connection) against the real PostgreSQL and MariaDB: a statement that
 * waits for a row lock another session holds ends after the timeout with the dialect's error
 * class, and on MariaDB a wait for a table another session locked does too. On MariaDB only the
 * waits are bounded: the session's {@code max_statement_time} is left as the server has it,
 * since it makes the server arm a timer for every statement.
 */
class SessionTimeoutIT {

  private static final int TIMEOUT_SECONDS = 1;

  private DatabaseTarget target;
  private String table;

  @AfterEach
  void dropTable() throws SQLException {
    if (target != null && table != null) {
      try (Connection connection = target.connect(); Statement statement = connection.createStatement()) {
        statement.execute("DROP TABLE IF EXISTS " + table);
      }
    }
  }

  @ParameterizedTest(name = "{0}: a row lock wait ends after statement.timeout")
  @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
  void aRowLockWaitEndsAfterTheTimeout(DatabaseKind kind, @TempDir Path tmp) throws Exception {
    Dialect dialect = createTable(kind, tmp);
    try (Connection holder = target.connect(); Connection waiter = target.connect()) {
      holder.setAutoCommit(false);
      execute(holder, "UPDATE " + table + " SET v = v + 1 WHERE id = 1");
      timedOut(waiter, dialect);
      waiter.setAutoCommit(false);

      long began = System.nanoTime();
      SQLException error = failure(waiter, "UPDATE " + table + " SET v = v + 2 WHERE id = 1");
      double waited = (System.nanoTime() - began) / 1e9;

      assertThat((Throwable) error).as("the waiting UPDATE ends").isNotNull();
      assertThat(dialect.classify(error)).isIn(ErrorClass.LOCK_TIMEOUT, ErrorClass.STATEMENT_TIMEOUT);
      assertThat(waited).as("seconds waited").isBetween(TIMEOUT_SECONDS * 0.9, TIMEOUT_SECONDS + 5.0);
      waiter.rollback();
      holder.rollback();
    }
  }

  @ParameterizedTest(name = "{0}: a wait for a locked table ends after statement.timeout")
  @EnumSource(value = DatabaseKind.class, names = {"MARIADB"})
  void aTableLockWaitEndsAfterTheTimeout(DatabaseKind kind, @TempDir Path tmp) throws Exception {
    Dialect dialect = createTable(kind, tmp);
    try (Connection holder = target.connect(); Connection waiter = target.connect()) {
      execute(holder, "LOCK TABLES " + table + " WRITE");
      timedOut(waiter, dialect);

      long began = System.nanoTime();
      SQLException error = failure(waiter, "SELECT v FROM " + table + " WHERE id = 1");
      double waited = (System.nanoTime() - began) / 1e9;

      assertThat((Throwable) error).as("the waiting SELECT ends").isNotNull();
      assertThat(dialect.classify(error)).isEqualTo(ErrorClass.LOCK_TIMEOUT);
      assertThat(waited).as("seconds waited").isBetween(TIMEOUT_SECONDS * 0.9, TIMEOUT_SECONDS + 5.0);
      execute(holder, "UNLOCK TABLES");
    }
  }

  @ParameterizedTest(name = "{0}: no timer per statement")
  @EnumSource(value = DatabaseKind.class, names = {"MARIADB"})
  void theSessionsStatementTimeIsLeftAsTheServerHasIt(DatabaseKind kind, @TempDir Path tmp) throws Exception {
    Dialect dialect = createTable(kind, tmp);
    try (Connection connection = target.connect()) {
      double before = number(connection, "SELECT @@SESSION.max_statement_time");
      timedOut(connection, dialect);
      assertThat(number(connection, "SELECT @@SESSION.max_statement_time")).isEqualTo(before);
      assertThat(number(connection, "SELECT @@SESSION.innodb_lock_wait_timeout")).isEqualTo(TIMEOUT_SECONDS);
    }
  }

  private Dialect createTable(DatabaseKind kind, Path tmp) throws SQLException {
    target = DatabaseTargets.require(kind, tmp);
    table = TestNames.unique().tablePrefix() + "timeout";
    try (Connection connection = target.connect()) {
      execute(connection, "CREATE TABLE " + table + " (id INTEGER NOT NULL PRIMARY KEY, v INTEGER NOT NULL)");
      execute(connection, "INSERT INTO " + table + " (id, v) VALUES (1, 0)");
    }
    return DialectRegistry.load().forUrl(target.url()).orElseThrow();
  }

  /** What an actor's session runs once after connecting. */
  private static void timedOut(Connection connection, Dialect dialect) throws SQLException {
    List<String> statements = dialect.sessionTimeoutStatements(TIMEOUT_SECONDS);
    assertThat(statements).as("the dialect bounds waits on the server").isNotEmpty();
    for (String sql : statements) {
      execute(connection, sql);
    }
  }

  private static SQLException failure(Connection connection, String sql) {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
      return null;
    } catch (SQLException e) {
      return e;
    }
  }

  private static double number(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
      result.next();
      return result.getDouble(1);
    }
  }

  private static void execute(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
