package io.commitbench.driver.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.AbstractDialectContractTest;
import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.TableSpec;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The contract plus H2's exact SQL text and error codes; no database is opened here. */
class H2DialectTest extends AbstractDialectContractTest {

  private final H2Dialect h2 = new H2Dialect();
  private final TableSpec table = new TableSpec("cb_table_1", "PUBLIC", "PUBLIC.cb_table_1", 40);
  private final DbUser user = new DbUser("cb_user_1", "Pw123abc");

  @Override
  protected Dialect dialect() {
    return new H2Dialect();
  }

  @Override
  protected String sampleUrl() {
    return "jdbc:h2:file:/tmp/commitbench";
  }

  @Override
  protected List<String> urlsWithPassword() {
    return List.of("jdbc:h2:file:/tmp/x;USER=sa;PASSWORD=pw", "jdbc:h2:tcp://db:9092/~/x;password=pw");
  }

  @Override
  protected Map<String, String> urlsWithBadPort() {
    return Map.of("jdbc:h2:tcp://db:90x2/~/x", "90x2", "jdbc:h2:ssl://db:/~/x;USER=sa", "");
  }

  @Test
  void aFileOrMemoryUrlNamesNoPort() {
    assertThat(h2.urlProblem("jdbc:h2:mem:x;DB_CLOSE_DELAY=-1")).isEmpty();
    assertThat(h2.urlProblem("jdbc:h2:file:C:/data/x")).isEmpty();
    assertThat(h2.urlProblem("jdbc:h2:tcp://db/~/x")).isEmpty();
  }

  @Test
  void namesAndDefaults() {
    assertThat(h2.name()).isEqualTo("h2");
    assertThat(h2.defaultUser()).isEqualTo("sa");
    assertThat(h2.description()).startsWith("H2 Database Engine").contains("h2 2.");
    assertThat(h2.acceptsUrl("jdbc:h2:mem:x")).isTrue();
    assertThat(h2.acceptsUrl(null)).isFalse();
  }

  @Test
  void defaultUrlIsAnAbsoluteFileDatabaseInTheDataDirectory() {
    Path relative = Path.of("results", "data");
    String expected = "jdbc:h2:file:" + relative.toAbsolutePath().normalize().resolve("commitbench");
    assertThat(h2.defaultUrl(relative)).contains(expected);
  }

  @Test
  void keepsTheDatabaseOpenAtJvmExitSoTheHarnessCanCleanUpAndSendsNothingElse() {
    assertThat(h2.connectionProperties(new ConnectionTimeouts(5, 30))).containsExactly(java.util.Map.entry("DB_CLOSE_ON_EXIT", "FALSE"));
  }

  @Test
  void createTableText() {
    assertThat(h2.createTableStatements(table)).containsExactly(
        "CREATE TABLE PUBLIC.cb_table_1 (num_attr BIGINT NOT NULL, text_attr VARCHAR(40), text2_attr VARCHAR(40))",
        "CREATE UNIQUE INDEX PUBLIC.cb_table_1_num_ix ON PUBLIC.cb_table_1 (num_attr)",
        "CREATE INDEX PUBLIC.cb_table_1_text_ix ON PUBLIC.cb_table_1 (text_attr)",
        "CREATE INDEX PUBLIC.cb_table_1_text2_ix ON PUBLIC.cb_table_1 (text2_attr)");
  }

  @Test
  void indexNamesAreUnqualifiedWhenTheTableIs() {
    TableSpec bare = new TableSpec("cb_table_2", "", "cb_table_2", 10);
    assertThat(h2.createTableStatements(bare).get(1))
        .isEqualTo("CREATE UNIQUE INDEX cb_table_2_num_ix ON cb_table_2 (num_attr)");
  }

  @Test
  void schemaChangesRunOneAtATime() {
    assertThat(h2.schemaChangesInParallel()).as("H2 locks its catalog while one runs").isFalse();
  }

  @Test
  void dropTableText() {
    assertThat(h2.dropTableStatements(table)).containsExactly("DROP TABLE IF EXISTS PUBLIC.cb_table_1");
  }

  @Test
  void userTextIgnoresTheQuota() {
    assertThat(h2.users().createUserStatements(user, 50))
        .containsExactly("CREATE USER cb_user_1 PASSWORD 'Pw123abc'");
    assertThat(h2.users().createUserStatements(user, 7)).isEqualTo(h2.users().createUserStatements(user, 50));
    assertThat(h2.users().grantStatements(user, table))
        .containsExactly("GRANT SELECT, INSERT, UPDATE, DELETE ON PUBLIC.cb_table_1 TO cb_user_1");
    assertThat(h2.users().dropUserStatements(user)).containsExactly("DROP USER IF EXISTS cb_user_1");
  }

  @ParameterizedTest
  @CsvSource({
    "40001, 40001, DEADLOCK",
    "90131, 90131, SERIALIZATION_FAILURE",
    "57014, 57014, STATEMENT_TIMEOUT",
    "23505, 23505, CONSTRAINT_VIOLATION",
    "42S02, 42102, OTHER",
    "90040, 90040, OTHER",
  })
  void classifiesH2Codes(String state, int code, ErrorClass expected) {
    assertThat(h2.classify(new SQLException("h2", state, code))).isEqualTo(expected);
  }

  @Test
  void deadlockIsNotASerializationFailureDespiteItsSqlState() {
    SQLException deadlock = new SQLTransactionRollbackException("Deadlock detected", "40001", 40001);
    assertThat(h2.classify(deadlock)).isEqualTo(ErrorClass.DEADLOCK);
  }

  @Test
  void lockTimeoutIsNotAStatementTimeoutDespiteItsExceptionType() {
    SQLException lockTimeout = new SQLTimeoutException("Timeout trying to lock table", "HYT00", 50200);
    assertThat(h2.classify(lockTimeout)).isEqualTo(ErrorClass.LOCK_TIMEOUT);
  }

  @ParameterizedTest
  @CsvSource({"90067", "90098", "90108", "90121"})
  void closedOrBrokenDatabaseIsALostConnection(int code) {
    // The plain SQLException shows the code alone decides, not the subclass H2 happens to use.
    assertThat(h2.classify(new SQLException("closed", String.valueOf(code), code)))
        .isEqualTo(ErrorClass.CONNECTION_LOST);
    assertThat(h2.classify(new SQLNonTransientConnectionException("closed", String.valueOf(code), code)))
        .isEqualTo(ErrorClass.CONNECTION_LOST);
  }

  @Test
  void boundsEveryStatementOnceForTheWholeSessionInsteadOfPerStatement() {
    assertThat(h2.sessionTimeoutStatements(45)).containsExactly("SET LOCK_TIMEOUT 45000");
  }
}
