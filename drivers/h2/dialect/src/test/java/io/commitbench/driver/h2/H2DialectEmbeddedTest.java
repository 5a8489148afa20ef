package io.commitbench.driver.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThatObject;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.dialect.WorkloadSql;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the dialect's SQL against a real embedded H2 file database, as the harness would with no
 * {@code db.url}: DDL, the workload, a per-actor user, and real errors for classification.
 */
class H2DialectEmbeddedTest {

  private final H2Dialect dialect = new H2Dialect();
  private final DbUser user = new DbUser("cb_user_1", "Pw123abc");

  @TempDir Path dataDirectory;
  private String url;
  private Connection admin;
  private TableSpec table;

  @BeforeEach
  void openAsAdmin() throws SQLException {
    url = dialect.defaultUrl(dataDirectory).orElseThrow();
    admin = DriverManager.getConnection(url, dialect.defaultUser(), "");
    String qualifier = dialect.centralQualifier(admin);
    table = new TableSpec("cb_table_1", qualifier, dialect.qualifiedName(qualifier, "cb_table_1"), 40);
  }

  @AfterEach
  void close() throws SQLException {
    admin.close();
  }

  @Test
  void tableDdlRunsAndDropIsIdempotent() throws SQLException {
    assertThat(table.qualifiedName()).isEqualTo("PUBLIC.cb_table_1");
    run(admin, dialect.dropTableStatements(table));
    run(admin, dialect.createTableStatements(table));
    assertThat(indexesOfTable()).containsExactlyInAnyOrder(
        "CB_TABLE_1_NUM_IX", "CB_TABLE_1_TEXT_IX", "CB_TABLE_1_TEXT2_IX");
    run(admin, dialect.dropTableStatements(table));
    run(admin, dialect.dropTableStatements(table));
    run(admin, dialect.createTableStatements(table));
    assertThat(indexesOfTable()).hasSize(3);
  }

  @Test
  void theSessionTimeoutEndsALockWaitAsALockTimeout() throws SQLException {
    run(admin, dialect.createTableStatements(table));
    WorkloadSql sql = dialect.workloadSql(table);
    try (PreparedStatement insert = admin.prepareStatement(sql.insert())) {
      insert.setLong(1, 7);
      insert.setString(2, "a");
      insert.setString(3, "b");
      insert.executeUpdate();
    }
    try (Connection holder = DriverManager.getConnection(url, dialect.defaultUser(), "");
        Connection waiter = DriverManager.getConnection(url, dialect.defaultUser(), "")) {
      holder.setAutoCommit(false);
      update(holder, sql, 7);
      run(waiter, dialect.sessionTimeoutStatements(1));

      long began = System.nanoTime();
      SQLException timeout = catchThrowableOfType(SQLException.class, () -> update(waiter, sql, 7));

      assertThatObject(timeout).as("the waiter gives up instead of waiting for the holder").isNotNull();
      assertThat(dialect.classify(timeout)).isEqualTo(ErrorClass.LOCK_TIMEOUT);
      assertThat((System.nanoTime() - began) / 1_000_000).as("ms waited").isLessThan(30_000);
      holder.rollback();
    }
  }

  private static void update(Connection connection, WorkloadSql sql, long key) throws SQLException {
    try (PreparedStatement update = connection.prepareStatement(sql.update())) {
      update.setString(1, "c");
      update.setString(2, "d");
      update.setLong(3, key);
      update.executeUpdate();
    }
  }

  @Test
  void marksOfTablesAndUsersAreReadBackWithTheirNamesInLowerCase() throws SQLException {
    run(admin, dialect.createTableStatements(table));
    run(admin, dialect.marks().markTableStatements(table, "commitbench run=r1 host=h pid=1"));
    run(admin, dialect.users().createUserStatements(user, 50));
    run(admin, dialect.marks().markUserStatements(user, "commitbench run=r1 host=h pid=1"));

    assertThat(dialect.marks().tablesStartingWith(admin, dialect.centralQualifier(admin), "cb_table_"))
        .containsExactly(new io.commitbench.core.dialect.DbObject("cb_table_1", "commitbench run=r1 host=h pid=1"));
    assertThat(dialect.marks().tablesStartingWith(admin, dialect.centralQualifier(admin), "cb_tablex")).isEmpty();
    assertThat(dialect.users().usersStartingWith(admin, "cb_user_"))
        .containsExactly(new io.commitbench.core.dialect.DbObject("cb_user_1", "commitbench run=r1 host=h pid=1"));
    try (Connection actor = DriverManager.getConnection(url, user.name(), user.password())) {
      assertThat(dialect.marks().sessions(admin)).extracting(io.commitbench.core.dialect.DbSession::user)
          .contains("cb_user_1");
    }
  }

  @Test
  void workloadRunsAsTheAdmin() throws SQLException {
    run(admin, dialect.createTableStatements(table));
    assertWorkloadRuns(admin);
  }

  @Test
  void createdUserLogsInAndRunsTheWorkloadOnTheAdminsTable() throws SQLException {
    run(admin, dialect.createTableStatements(table));
    run(admin, dialect.users().createUserStatements(user, 50));
    // A taken name fails: the run must never take over a user it did not create.
    assertThatThrownBy(() -> run(admin, dialect.users().createUserStatements(user, 50)))
        .isInstanceOf(SQLException.class).hasMessageContaining("already exists");
    run(admin, dialect.users().grantStatements(user, table));

    try (Connection actor = DriverManager.getConnection(url, user.name(), user.password())) {
      assertWorkloadRuns(actor);
      assertThat(dialect.users().canCreateUsers(actor)).isFalse();
    }
    assertThat(dialect.users().canCreateUsers(admin)).isTrue();

    run(admin, dialect.users().dropUserStatements(user));
    run(admin, dialect.users().dropUserStatements(user));
    SQLException refused = catchThrowableOfType(SQLException.class,
        () -> DriverManager.getConnection(url, user.name(), user.password()).close());
    assertThatObject(refused).isNotNull();
  }

  @Test
  void userWithoutTheGrantIsRefused() throws SQLException {
    run(admin, dialect.createTableStatements(table));
    run(admin, dialect.users().createUserStatements(user, 50));
    try (Connection actor = DriverManager.getConnection(url, user.name(), user.password())) {
      SQLException denied = catchThrowableOfType(SQLException.class,
          () -> run(actor, List.of("DELETE FROM " + table.qualifiedName())));
      assertThatObject(denied).isNotNull();
      assertThat(dialect.classify(denied)).isEqualTo(ErrorClass.OTHER);
    } finally {
      run(admin, dialect.users().dropUserStatements(user));
    }
  }

  @Test
  void realDuplicateKeyIsAConstraintViolation() throws SQLException {
    run(admin, dialect.createTableStatements(table));
    insert(admin, 1);
    SQLException duplicate = catchThrowableOfType(SQLException.class, () -> insert(admin, 1));
    assertThatObject(duplicate).isNotNull();
    assertThat(dialect.classify(duplicate)).isEqualTo(ErrorClass.CONSTRAINT_VIOLATION);
  }

  @Test
  void realLockTimeoutIsALockTimeout() throws SQLException {
    run(admin, dialect.createTableStatements(table));
    insert(admin, 1);
    String update = dialect.workloadSql(table).update();
    try (Connection holder = DriverManager.getConnection(url, dialect.defaultUser(), "")) {
      holder.setAutoCommit(false);
      update(holder, update, 1);
      run(admin, List.of("SET LOCK_TIMEOUT 100"));
      SQLException timeout = catchThrowableOfType(SQLException.class, () -> update(admin, update, 1));
      assertThatObject(timeout).isNotNull();
      assertThat(dialect.classify(timeout)).isEqualTo(ErrorClass.LOCK_TIMEOUT);
      holder.rollback();
    }
  }

  @Test
  void abortedSessionIsALostConnection() throws SQLException {
    Connection victim = DriverManager.getConnection(url, dialect.defaultUser(), "");
    long sessionId;
    try (Statement st = victim.createStatement(); ResultSet rs = st.executeQuery("SELECT SESSION_ID()")) {
      rs.next();
      sessionId = rs.getLong(1);
    }
    run(admin, List.of("CALL ABORT_SESSION(" + sessionId + ")"));
    SQLException lost = catchThrowableOfType(SQLException.class, () -> run(victim, List.of("SELECT 1")));
    assertThatObject(lost).isNotNull();
    assertThat(dialect.classify(lost)).isEqualTo(ErrorClass.CONNECTION_LOST);
    victim.close();
  }

  private void assertWorkloadRuns(Connection c) throws SQLException {
    WorkloadSql sql = dialect.workloadSql(table);
    for (int key = 1; key <= 3; key++) {
      insert(c, key);
    }
    try (PreparedStatement select = c.prepareStatement(sql.select())) {
      select.setLong(1, 2);
      try (ResultSet rs = select.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(2)).isEqualTo("text 2");
      }
    }
    assertThat(update(c, sql.update(), 2)).isEqualTo(1);
    try (PreparedStatement delete = c.prepareStatement(sql.delete())) {
      delete.setLong(1, 1);
      delete.setLong(2, 3);
      assertThat(delete.executeUpdate()).isEqualTo(3);
    }
  }

  private void insert(Connection c, long key) throws SQLException {
    try (PreparedStatement insert = c.prepareStatement(dialect.workloadSql(table).insert())) {
      insert.setLong(1, key);
      insert.setString(2, "text " + key);
      insert.setString(3, "text2 " + key);
      insert.executeUpdate();
    }
  }

  private static int update(Connection c, String sql, long key) throws SQLException {
    try (PreparedStatement update = c.prepareStatement(sql)) {
      update.setString(1, "changed");
      update.setString(2, "changed2");
      update.setLong(3, key);
      return update.executeUpdate();
    }
  }

  private List<String> indexesOfTable() throws SQLException {
    String sql = "SELECT INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES WHERE TABLE_SCHEMA = 'PUBLIC'"
        + " AND TABLE_NAME = 'CB_TABLE_1'";
    try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      List<String> names = new ArrayList<>();
      while (rs.next()) {
        names.add(rs.getString(1));
      }
      return names;
    }
  }

  private static void run(Connection c, List<String> statements) throws SQLException {
    try (Statement st = c.createStatement()) {
      for (String sql : statements) {
        st.execute(sql);
      }
    }
  }
}
