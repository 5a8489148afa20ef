package io.commitbench.driver.oracle;

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
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The contract plus the text Oracle would receive and the ORA numbers it would send back. No
 * Oracle server runs here, so nothing in this class proves Oracle accepts the SQL: it pins the
 * generated text so that a change to it is deliberate, and the classification table.
 */
class OracleDialectGeneratedSqlTest extends AbstractDialectContractTest {

  private final OracleDialect oracle = new OracleDialect();
  private final TableSpec table = new TableSpec("cb_table_1", "BENCH", "BENCH.cb_table_1", 40);
  private final DbUser user = new DbUser("cb_user_1", "Pw123abc");

  @Override
  protected Dialect dialect() {
    return new OracleDialect();
  }

  @Override
  protected String sampleUrl() {
    return "jdbc:oracle:thin:@//127.0.0.1:1521/FREEPDB1";
  }

  @Override
  protected List<String> urlsWithPassword() {
    return List.of("jdbc:oracle:thin:scott/tiger@//db:1521/FREEPDB1", "jdbc:oracle:thin:scott/\"ti@ger\"@db:1521:FREE",
        "jdbc:oracle:oci:scott/tiger@bench_high", "jdbc:oracle:thin:@//db:1521/FREEPDB1?user=scott&password=tiger");
  }

  @Override
  protected Map<String, String> urlsWithBadPort() {
    return Map.of("jdbc:oracle:thin:@//db:15x1/FREEPDB1", "15x1", "jdbc:oracle:thin:@db:abc:FREE", "abc",
        "jdbc:oracle:thin:scott@db:0/FREE", "0", "jdbc:oracle:thin:@tcps://db:24x4/FREEPDB1", "24x4",
        "jdbc:oracle:thin:@(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=db)(PORT=one))(CONNECT_DATA=(SERVICE_NAME=X)))",
        "one");
  }

  @Test
  void noPasswordInTheOtherForms() {
    assertThat(oracle.passwordInUrl("jdbc:oracle:thin:/@bench_high")).as("wallet: no user, no password").isEmpty();
    assertThat(oracle.passwordInUrl("jdbc:oracle:thin:scott@//db:1521/X")).isEmpty();
    assertThat(oracle.urlProblem("jdbc:oracle:thin:@bench_high")).isEmpty();
    assertThat(oracle.urlProblem("jdbc:oracle:thin:@db/FREEPDB1")).isEmpty();
    assertThat(oracle.urlProblem("jdbc:oracle:thin:@[::1]:1521/FREEPDB1")).isEmpty();
    assertThat(oracle.urlProblem("jdbc:oracle:thin:@tcps://db:2484/FREEPDB1?wallet_location=/etc/w")).isEmpty();
    assertThat(oracle.urlProblem("jdbc:oracle:thin:@config-file:///etc/db.json")).isEmpty();
    assertThat(oracle.urlProblem(
        "jdbc:oracle:thin:@(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=db)(PORT=1521))(CONNECT_DATA=(SID=X)))")).isEmpty();
  }

  @Test
  void namesAndDefaults() {
    assertThat(oracle.name()).isEqualTo("oracle");
    assertThat(oracle.defaultUser()).isEqualTo("system");
    assertThat(oracle.description()).startsWith("Oracle Database (ojdbc 23.");
    assertThat(oracle.acceptsUrl("jdbc:oracle:oci:@bench")).isTrue();
  }

  /** The container comes from drivers/oracle/image/container.properties, shipped in the dialect's jar. */
  @Test
  void theContainerIsTheImageFoldersDefaultImageAdministeredAsTheDefaultUser() {
    ServerContainer container = oracle.serverContainer().orElseThrow();
    assertThat(container.image()).isEqualTo(ContainerFacts.of("oracle", getClass().getClassLoader()).orElseThrow()
        .defaultImage());
    assertThat(container.user()).isEqualTo(oracle.defaultUser());
    assertThat(container.port()).isEqualTo(1521);
    assertThat(container.jdbcUrl("127.0.0.1", 1521)).isEqualTo("jdbc:oracle:thin:@127.0.0.1:1521/FREEPDB1");
  }

  @Test
  void timeoutsAreSentInMilliseconds() {
    assertThat(oracle.connectionProperties(new ConnectionTimeouts(7, 90)))
        .containsEntry("oracle.net.CONNECT_TIMEOUT", "7000")
        .containsEntry("oracle.jdbc.ReadTimeout", "90000")
        .hasSize(2);
  }

  @Test
  void connectOnlyTimeoutsLeaveReadsUnbounded() {
    assertThat(oracle.connectionProperties(ConnectionTimeouts.connectOnly(7)))
        .containsEntry("oracle.net.CONNECT_TIMEOUT", "7000").doesNotContainKey("oracle.jdbc.ReadTimeout");
  }

  @Test
  void createTableUsesNumberVarcharAndVarchar2WithSchemaQualifiedIndexes() {
    assertThat(oracle.createTableStatements(table)).containsExactly(
        "CREATE TABLE BENCH.cb_table_1 (num_attr NUMBER(19) NOT NULL, text_attr VARCHAR(40), text2_attr VARCHAR2(40))",
        "CREATE UNIQUE INDEX BENCH.cb_table_1_num_ix ON BENCH.cb_table_1 (num_attr)",
        "CREATE INDEX BENCH.cb_table_1_text_ix ON BENCH.cb_table_1 (text_attr)",
        "CREATE INDEX BENCH.cb_table_1_text2_ix ON BENCH.cb_table_1 (text2_attr)");
  }

  @Test
  void dropTableIgnoresOnlyTableNotFound() {
    assertThat(oracle.dropTableStatements(table)).containsExactly("BEGIN\n"
        + "  EXECUTE IMMEDIATE 'DROP TABLE BENCH.cb_table_1 PURGE';\n"
        + "EXCEPTION\n"
        + "  WHEN OTHERS THEN\n"
        + "    IF SQLCODE != -942 THEN\n"
        + "      RAISE;\n"
        + "    END IF;\n"
        + "END;");
  }

  @Test
  void userGetsQuotaAndSessionPrivilege() {
    assertThat(oracle.users().createUserStatements(user, 50)).containsExactly(
        "CREATE USER cb_user_1 IDENTIFIED BY \"Pw123abc\" DEFAULT TABLESPACE USERS QUOTA 50M ON USERS",
        "GRANT CREATE SESSION TO cb_user_1");
    assertThat(oracle.users().createUserStatements(user, 0).get(0)).endsWith("QUOTA 0M ON USERS");
    assertThatThrownBy(() -> oracle.users().createUserStatements(user, -1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
    assertThat(oracle.users().productKeys()).as("so the run header shows the quota").containsExactly("quota");
  }

  @Test
  void grantAndDropUserText() {
    assertThat(oracle.users().grantStatements(user, table))
        .containsExactly("GRANT SELECT, INSERT, UPDATE, DELETE ON BENCH.cb_table_1 TO cb_user_1");
    assertThat(oracle.users().dropUserStatements(user)).containsExactly("BEGIN\n"
        + "  EXECUTE IMMEDIATE 'DROP USER cb_user_1 CASCADE';\n"
        + "EXCEPTION\n"
        + "  WHEN OTHERS THEN\n"
        + "    IF SQLCODE != -1918 THEN\n"
        + "      RAISE;\n"
        + "    END IF;\n"
        + "END;");
  }

  @Test
  void canCreateUsersReadsSessionPrivileges() throws SQLException {
    SingleValueConnection granted = SingleValueConnection.answering(1L);
    assertThat(oracle.users().canCreateUsers(granted.connection())).isTrue();
    assertThat(granted.executedSql())
        .containsExactly("SELECT COUNT(*) FROM SESSION_PRIVS WHERE PRIVILEGE = 'CREATE USER'");
    assertThat(oracle.users().canCreateUsers(SingleValueConnection.answering(0L).connection())).isFalse();
  }

  @ParameterizedTest
  @CsvSource({
    "61000, 60, DEADLOCK",
    "72000, 8177, SERIALIZATION_FAILURE",
    "61000, 54, LOCK_TIMEOUT",
    "HY000, 30006, LOCK_TIMEOUT",
    "72000, 1013, STATEMENT_TIMEOUT",
    "61000, 28, CONNECTION_LOST",
    "72000, 1012, CONNECTION_LOST",
    "HY000, 1089, CONNECTION_LOST",
    "HY000, 3113, CONNECTION_LOST",
    "HY000, 3114, CONNECTION_LOST",
    "HY000, 3135, CONNECTION_LOST",
    "23000, 1, CONSTRAINT_VIOLATION",
    "42000, 942, OTHER",
    "72000, 1031, OTHER",
    "HY000, 1653, OTHER",
  })
  void classifiesOraNumbers(String state, int code, ErrorClass expected) {
    assertThat(oracle.classify(new SQLException("ORA-" + code, state, code))).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({"17002", "17008", "17410"})
  void thinDriverSocketErrorsAreALostConnection(int code) {
    // Without a SQLState and as a plain SQLException, only the vendor code can decide.
    assertThat(oracle.classify(new SQLException("IO Error", null, code))).isEqualTo(ErrorClass.CONNECTION_LOST);
    assertThat(oracle.classify(new SQLRecoverableException("IO Error", null, code)))
        .isEqualTo(ErrorClass.CONNECTION_LOST);
  }

  @Test
  void cancelledStatementIsAStatementTimeout() {
    assertThat(oracle.classify(new SQLTimeoutException("ORA-01013", "72000", 1013)))
        .isEqualTo(ErrorClass.STATEMENT_TIMEOUT);
  }

  @Test
  void hasNoSessionTimeoutSoTheHarnessUsesTheJdbcQueryTimeout() {
    assertThat(oracle.sessionTimeoutStatements(45)).isEmpty();
  }

  @Test
  void refusesToRetryAnInvalidPasswordOrALockedAccountButNotAKilledSession() {
    assertThat(oracle.loginRefused(new SQLException("ORA-01017: invalid username/password", "72000", 1017))).isTrue();
    assertThat(oracle.loginRefused(new SQLException("ORA-28000: the account is locked", "99999", 28000))).isTrue();
    assertThat(oracle.loginRefused(new SQLException("ORA-00028: your session has been killed", "61000", 28)))
        .isFalse();
  }

  @Test
  void maximumSessionsOrProcessesMeansNoConnectionLeft() {
    assertThat(oracle.connectionsExhausted(new SQLException("ORA-00018: maximum number of sessions exceeded", "", 18)))
        .isTrue();
    assertThat(oracle.connectionsExhausted(new SQLException("ORA-00020: maximum number of processes", "", 20)))
        .isTrue();
    assertThat(oracle.connectionsExhausted(new SQLException("ORA-12516: listener could not find available handler",
        "", 12516))).isTrue();
    assertThat(oracle.connectionsExhausted(new SQLException("ORA-01017: invalid username/password", "72000", 1017)))
        .isFalse();
  }
}
