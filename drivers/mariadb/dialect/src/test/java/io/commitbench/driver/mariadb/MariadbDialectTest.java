package io.commitbench.driver.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.dialect.AbstractDialectContractTest;
import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.ServerContainer;
import io.commitbench.core.dialect.SingleValueConnection;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.server.ContainerFacts;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The contract plus MariaDB's exact SQL text and error codes. Needs no server: the SQL was
 * checked by hand against MariaDB 10.11; running it belongs to the integration tests.
 */
class MariadbDialectTest extends AbstractDialectContractTest {

  private final MariadbDialect maria = new MariadbDialect();
  private final TableSpec table = new TableSpec("cb_table_1", "test", "test.cb_table_1", 40);
  private final DbUser user = new DbUser("cb_user_1", "Pw123abc");

  @Override
  protected Dialect dialect() {
    return new MariadbDialect();
  }

  @Override
  protected String sampleUrl() {
    return "jdbc:mariadb://127.0.0.1:3306/test";
  }

  /** mariadb-java-client reads the password setting in any case; u:p@ it takes for a host with a bad port. */
  @Override
  protected List<String> urlsWithPassword() {
    return List.of("jdbc:mariadb://db/test?password=pw", "jdbc:mariadb://db/test?user=root&Password=pw",
        "jdbc:mariadb://root:pw@db:3306/test", "jdbc:mariadb:replication://root:pw@db1,db2/test");
  }

  @Override
  protected Map<String, String> urlsWithBadPort() {
    return Map.of("jdbc:mariadb://db:abc/test", "abc", "jdbc:mariadb:loadbalance://db1:3306,db2:0/test", "0");
  }

  @Test
  void itsOwnHostSyntaxIsLeftToTheDriver() {
    assertThat(maria.urlProblem("jdbc:mariadb://address=(host=db)(port=3306)(type=primary)/test")).isEmpty();
    assertThat(maria.passwordInUrl("jdbc:mariadb://db/test?user=root&pwd=x")).as("not a setting the driver reads")
        .isEmpty();
  }

  @Test
  void namesAndDefaults() {
    assertThat(maria.name()).isEqualTo("mariadb");
    assertThat(maria.defaultUser()).isEqualTo("root");
    assertThat(maria.description()).startsWith("MariaDB (mariadb-java-client 3.");
    assertThat(maria.acceptsUrl("jdbc:mysql://127.0.0.1/test")).isFalse();
  }

  /** The container comes from drivers/mariadb/image/container.properties, shipped in the dialect's jar. */
  @Test
  void theContainerIsTheImageFoldersDefaultImageAdministeredAsTheDefaultUser() {
    ServerContainer container = maria.serverContainer().orElseThrow();
    assertThat(container.image()).isEqualTo(ContainerFacts.of("mariadb", getClass().getClassLoader()).orElseThrow()
        .defaultImage());
    assertThat(container.user()).isEqualTo(maria.defaultUser());
    assertThat(container.port()).isEqualTo(3306);
    assertThat(container.jdbcUrl("127.0.0.1", 3306)).isEqualTo("jdbc:mariadb://127.0.0.1:3306/test");
  }

  @Test
  void timeoutsAreSentInMilliseconds() {
    assertThat(maria.connectionProperties(new ConnectionTimeouts(7, 90)))
        .containsEntry("connectTimeout", "7000")
        .containsEntry("socketTimeout", "90000")
        .hasSize(2);
  }

  @Test
  void aWorkloadThatAsksGetsItsStatementsPreparedOnTheServer() {
    assertThat(maria.serverPreparedStatements()).containsEntry("useServerPrepStmts", "true").hasSize(1);
  }

  @Test
  void connectOnlyTimeoutsLeaveReadsUnbounded() {
    assertThat(maria.connectionProperties(ConnectionTimeouts.connectOnly(7)))
        .containsEntry("connectTimeout", "7000").doesNotContainKey("socketTimeout");
  }

  @Test
  void centralQualifierIsTheConnectionsDatabase() throws SQLException {
    assertThat(maria.centralQualifier(SingleValueConnection.withNames("test", null).connection()))
        .isEqualTo("test");
    assertThat(maria.centralQualifier(SingleValueConnection.withNames(null, "bench").connection()))
        .as("useCatalogTerm=Schema").isEqualTo("bench");
    assertThatThrownBy(() -> maria.centralQualifier(SingleValueConnection.withNames(null, null).connection()))
        .isInstanceOf(SQLException.class).hasMessageContaining("db.url");
  }

  @Test
  void createTableText() {
    assertThat(maria.createTableStatements(table)).containsExactly(
        "CREATE TABLE test.cb_table_1 (num_attr BIGINT NOT NULL, text_attr VARCHAR(40), text2_attr VARCHAR(40))"
            + " ENGINE=InnoDB",
        "CREATE UNIQUE INDEX cb_table_1_num_ix ON test.cb_table_1 (num_attr)",
        "CREATE INDEX cb_table_1_text_ix ON test.cb_table_1 (text_attr)",
        "CREATE INDEX cb_table_1_text2_ix ON test.cb_table_1 (text2_attr)");
    assertThat(maria.dropTableStatements(table)).containsExactly("DROP TABLE IF EXISTS test.cb_table_1");
  }

  /** MariaDB commits each DDL statement by itself: the mark is the CREATE TABLE's own option, not a second step. */
  @Test
  void aTableIsCreatedWithItsMarkInOneStatement() {
    assertThat(maria.marks().transactionalDdl()).isFalse();
    assertThat(maria.marks().createMarkedTableStatements(maria.createTableStatements(table), table,
        "commitbench run=r1"))
        .containsExactly("CREATE TABLE test.cb_table_1 (num_attr BIGINT NOT NULL, text_attr VARCHAR(40), text2_attr"
            + " VARCHAR(40)) ENGINE=InnoDB COMMENT='commitbench run=r1'",
            "CREATE UNIQUE INDEX cb_table_1_num_ix ON test.cb_table_1 (num_attr)",
            "CREATE INDEX cb_table_1_text_ix ON test.cb_table_1 (text_attr)",
            "CREATE INDEX cb_table_1_text2_ix ON test.cb_table_1 (text2_attr)");
  }

  /**
   * The account gets the mysql_native_password hash, never the clear password, so the password is
   * in no general log and no processlist; the hash is what MariaDB 10.11's PASSWORD('Pw123abc')
   * returned.
   */
  @Test
  void userTextSendsTheNativePasswordHashNotThePassword() {
    assertThat(maria.users().createUserStatements(user, 50))
        .containsExactly("CREATE USER 'cb_user_1'@'%' IDENTIFIED BY PASSWORD '*51FB6ADBE85BED035F07866C486C074BD88B1F7D'");
    assertThat(maria.users().createUserStatements(user, 3)).isEqualTo(maria.users().createUserStatements(user, 50));
    assertThat(maria.users().grantStatements(user, table))
        .containsExactly("GRANT SELECT, INSERT, UPDATE, DELETE ON test.cb_table_1 TO 'cb_user_1'@'%'");
    assertThat(maria.users().dropUserStatements(user)).containsExactly("DROP USER IF EXISTS 'cb_user_1'@'%'");
  }

  @Test
  void canCreateUsersCountsTheGlobalGrantOfTheCurrentAccount() throws SQLException {
    SingleValueConnection granted = SingleValueConnection.answering(1L);
    assertThat(maria.users().canCreateUsers(granted.connection())).isTrue();
    assertThat(granted.executedSql()).containsExactly(MariadbUsers.CAN_CREATE_USERS_SQL);
    assertThat(MariadbUsers.CAN_CREATE_USERS_SQL)
        .contains("information_schema.USER_PRIVILEGES", "'CREATE USER'", "CURRENT_USER()", "'''@'''");
    assertThat(maria.users().canCreateUsers(SingleValueConnection.answering(0L).connection())).isFalse();
  }

  @ParameterizedTest
  @CsvSource({
    "HY000, 1205, LOCK_TIMEOUT",
    "HY000, 1020, SERIALIZATION_FAILURE",
    "70100, 1969, STATEMENT_TIMEOUT",
    "70100, 1317, STATEMENT_TIMEOUT",
    "HY000, 3024, STATEMENT_TIMEOUT",
    "HY000, 2006, CONNECTION_LOST",
    "HY000, 2013, CONNECTION_LOST",
    "08000, 0, CONNECTION_LOST",
    "08S01, 1053, CONNECTION_LOST",
    "23000, 1062, CONSTRAINT_VIOLATION",
    "23000, 1452, CONSTRAINT_VIOLATION",
    "42S02, 1146, OTHER",
    "42000, 1142, OTHER",
  })
  void classifiesVendorCodes(String state, int code, ErrorClass expected) {
    assertThat(maria.classify(new SQLException("mariadb", state, code))).isEqualTo(expected);
  }

  @Test
  void deadlockIsNotASerializationFailureDespiteItsSqlState() {
    SQLException deadlock = new SQLTransactionRollbackException("Deadlock found", "40001", 1213);
    assertThat(maria.classify(deadlock)).isEqualTo(ErrorClass.DEADLOCK);
  }

  @Test
  void killedConnectionIsNotAStatementTimeoutDespiteItsExceptionType() {
    SQLException killed = new SQLTimeoutException("Connection was killed", "70100", 1927);
    assertThat(maria.classify(killed)).isEqualTo(ErrorClass.CONNECTION_LOST);
  }

  @Test
  void driverExceptionTypesFallBackToTheStandard() {
    assertThat(maria.classify(new SQLNonTransientConnectionException("socket closed", "HY000", 0)))
        .isEqualTo(ErrorClass.CONNECTION_LOST);
    assertThat(maria.classify(new SQLIntegrityConstraintViolationException("dup", "23000", 1062)))
        .isEqualTo(ErrorClass.CONSTRAINT_VIOLATION);
    assertThat(maria.classify(new SQLTimeoutException("timeout", "70100", 0)))
        .isEqualTo(ErrorClass.STATEMENT_TIMEOUT);
  }

  /** sysbench 1.0.20's default --mysql-ignore-errors=1213,1020,1205; a duplicate key is fatal there. */
  @ParameterizedTest
  @CsvSource({
    "40001, 1213, true",
    "HY000, 1020, true",
    "HY000, 1205, true",
    "23000, 1062, false",
    "70100, 1969, false",
    "HY000, 2013, false",
    "40001, 0, false",
  })
  void ignoresWhatSysbenchsMysqlDriverIgnoresByDefault(String state, int code, boolean ignored) {
    assertThat(maria.sysbenchIgnores(new SQLException("mariadb", state, code))).isEqualTo(ignored);
  }

  @Test
  void boundsEveryStatementOnceForTheWholeSessionInsteadOfPerStatement() {
    assertThat(maria.sessionTimeoutStatements(45)).containsExactly("SET SESSION max_statement_time = 45");
  }

  @Test
  void refusesToRetryAccessDeniedButNotTooManyConnections() {
    assertThat(maria.loginRefused(new SQLException("Access denied for user", "28000", 1045))).isTrue();
    assertThat(maria.loginRefused(new SQLException("Access denied, this account is locked", "HY000", 4151))).isTrue();
    assertThat(maria.loginRefused(new SQLException("Too many connections", "08004", 1040))).isFalse();
    assertThat(maria.loginRefused(new SQLException("has more than 'max_user_connections'", "42000", 1203))).isFalse();
  }

  @Test
  void tooManyConnectionsMeansNoConnectionLeft() {
    assertThat(maria.connectionsExhausted(new SQLException("Too many connections", "08004", 1040))).isTrue();
    assertThat(maria.connectionsExhausted(new SQLException("has more than 'max_user_connections'", "42000", 1203)))
        .isTrue();
    assertThat(maria.connectionsExhausted(new SQLException("Access denied for user", "28000", 1045))).isFalse();
  }
}
