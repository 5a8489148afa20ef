package io.commitbench.driver.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.AbstractDialectContractTest;
import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.ServerContainer;
import io.commitbench.core.dialect.SingleValueConnection;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.server.ContainerFacts;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The contract plus PostgreSQL's exact SQL text and SQLStates. Needs no server: the SQL was
 * checked by hand against PostgreSQL 15; running it belongs to the integration tests.
 */
class PostgresqlDialectTest extends AbstractDialectContractTest {

  private final PostgresqlDialect pg = new PostgresqlDialect();
  private final TableSpec table = new TableSpec("cb_table_1", "public", "public.cb_table_1", 40);
  private final DbUser user = new DbUser("cb_user_1", "Pw123abc");

  @Override
  protected Dialect dialect() {
    return new PostgresqlDialect();
  }

  @Override
  protected String sampleUrl() {
    return "jdbc:postgresql://127.0.0.1:5432/test";
  }

  @Override
  protected List<String> urlsWithPassword() {
    return List.of("jdbc:postgresql://db/test?user=bench&password=pw", "jdbc:postgresql://bench:pw@db:5432/test",
        "jdbc:postgresql://bench:p@w@db1,db2/test?ssl=true");
  }

  @Override
  protected Map<String, String> urlsWithBadPort() {
    return Map.of("jdbc:postgresql://db:abc/test", "abc", "jdbc:postgresql://db1:5432,db2:99999/test", "99999",
        "jdbc:postgresql://[::1]:x/test", "x");
  }

  @Test
  void aUserBeforeTheHostOrADatabaseAloneCarryNoPassword() {
    assertThat(pg.passwordInUrl("jdbc:postgresql://bench@db/test")).isEmpty();
    assertThat(pg.passwordInUrl("jdbc:postgresql:test")).isEmpty();
    assertThat(pg.urlProblem("jdbc:postgresql:test")).isEmpty();
    assertThat(pg.passwordInUrl("jdbc:postgresql://a:b@db/test")).hasValue("user:password@ before the host");
  }

  @Test
  void namesAndDefaults() {
    assertThat(pg.name()).isEqualTo("postgresql");
    assertThat(pg.defaultUser()).isEqualTo("postgres");
    assertThat(pg.description()).startsWith("PostgreSQL (postgresql-jdbc 42.");
    assertThat(pg.defaultUrl(Path.of("data"))).isEmpty();
    assertThat(pg.acceptsUrl("jdbc:postgresql:test")).isTrue();
    assertThat(pg.acceptsUrl("jdbc:pgsql://h/db")).isFalse();
  }

  /** The container comes from drivers/postgresql/image/container.properties, shipped in the dialect's jar. */
  @Test
  void theContainerIsTheImageFoldersDefaultImageAdministeredAsTheDefaultUser() {
    ServerContainer container = pg.serverContainer().orElseThrow();
    assertThat(container.image()).isEqualTo(ContainerFacts.of("postgresql", getClass().getClassLoader()).orElseThrow()
        .defaultImage());
    assertThat(container.user()).isEqualTo(pg.defaultUser());
    assertThat(container.port()).isEqualTo(5432);
    assertThat(container.jdbcUrl("127.0.0.1", 5432)).isEqualTo("jdbc:postgresql://127.0.0.1:5432/test");
  }

  @Test
  void timeoutsAreSentInSeconds() {
    Properties props = pg.connectionProperties(new ConnectionTimeouts(7, 90));
    assertThat(props).containsEntry("connectTimeout", "7")
        .containsEntry("loginTimeout", "7")
        .containsEntry("socketTimeout", "90")
        .containsEntry("ApplicationName", "commitbench")
        .containsEntry("tcpKeepAlive", "true")
        .hasSize(5);
  }

  @Test
  void connectOnlyTimeoutsLeaveReadsUnbounded() {
    assertThat(pg.connectionProperties(ConnectionTimeouts.connectOnly(7)))
        .containsEntry("connectTimeout", "7").doesNotContainKey("socketTimeout");
  }

  @Test
  void createTableText() {
    assertThat(pg.createTableStatements(table)).containsExactly(
        "CREATE TABLE public.cb_table_1 (num_attr BIGINT NOT NULL, text_attr VARCHAR(40), text2_attr VARCHAR(40))",
        "CREATE UNIQUE INDEX cb_table_1_num_ix ON public.cb_table_1 (num_attr)",
        "CREATE INDEX cb_table_1_text_ix ON public.cb_table_1 (text_attr)",
        "CREATE INDEX cb_table_1_text2_ix ON public.cb_table_1 (text2_attr)");
    assertThat(pg.dropTableStatements(table)).containsExactly("DROP TABLE IF EXISTS public.cb_table_1");
  }

  /**
   * The role gets a SCRAM-SHA-256 verifier, never the clear password, so the password is in no
   * server log and no pg_stat_activity row; the verifier is the one for this password.
   */
  @Test
  void userTextSendsAScramVerifierNotThePassword() {
    List<String> create = pg.users().createUserStatements(user, 50);

    assertThat(create).hasSize(1);
    assertThat(create.get(0)).doesNotContain(user.password())
        .matches("CREATE ROLE cb_user_1 LOGIN PASSWORD"
            + " 'SCRAM-SHA-256\\$4096:[A-Za-z0-9+/=]{24}\\$[A-Za-z0-9+/=]{44}:[A-Za-z0-9+/=]{44}'");
    String verifier = create.get(0).replaceAll(".*PASSWORD '([^']*)'", "$1");
    // Recomputed with the verifier's own salt: the keys are those of this password.
    byte[] salt = Base64.getDecoder().decode(verifier.split("[$:]")[2]);
    assertThat(verifier).isEqualTo(ScramSha256Verifier.of(user.password(), salt, 4096));
  }

  @Test
  void userTextIgnoresTheQuotaAndSaltsEveryRoleOnItsOwn() {
    String first = pg.users().createUserStatements(user, 50).get(0);
    String second = pg.users().createUserStatements(user, 1).get(0);

    assertThat(first.substring(0, first.indexOf('$'))).isEqualTo(second.substring(0, second.indexOf('$')));
    assertThat(first).as("a fresh salt each time").isNotEqualTo(second);
  }

  @Test
  void grantTextIncludesSchemaUsageWhenTheRoleLacksItRetriedOverAConcurrentGrant() {
    List<String> grants = pg.users().grantStatements(user, table);
    assertThat(grants).hasSize(2);
    assertThat(grants.get(0)).startsWith("DO $$")
        .contains("IF NOT has_schema_privilege('cb_user_1', 'public'::regnamespace, 'USAGE') THEN\n"
            + "        GRANT USAGE ON SCHEMA public TO cb_user_1;")
        .contains("EXCEPTION WHEN internal_error THEN").endsWith("GRANT USAGE ON SCHEMA public TO cb_user_1;\nEND $$");
    assertThat(grants.get(1)).isEqualTo("GRANT SELECT, INSERT, UPDATE, DELETE ON public.cb_table_1 TO cb_user_1");
    TableSpec unqualified = new TableSpec("cb_table_1", "", "cb_table_1", 40);
    assertThat(pg.users().grantStatements(user, unqualified))
        .containsExactly("GRANT SELECT, INSERT, UPDATE, DELETE ON cb_table_1 TO cb_user_1");
  }

  @Test
  void dropUserIsOneGuardedDoBlock() {
    assertThat(pg.users().dropUserStatements(user)).containsExactly("DO $$\n"
        + "BEGIN\n"
        + "  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'cb_user_1') THEN\n"
        + "    DROP OWNED BY cb_user_1;\n"
        + "    DROP ROLE cb_user_1;\n"
        + "  END IF;\n"
        + "END\n"
        + "$$");
  }

  @Test
  void canCreateUsersReadsSuperuserOrCreaterole() throws SQLException {
    SingleValueConnection yes = SingleValueConnection.answering(true);
    assertThat(pg.users().canCreateUsers(yes.connection())).isTrue();
    assertThat(yes.executedSql()).containsExactly(
        "SELECT rolsuper OR rolcreaterole FROM pg_catalog.pg_roles WHERE rolname = current_user");
    assertThat(pg.users().canCreateUsers(SingleValueConnection.answering(false).connection())).isFalse();
    assertThat(pg.users().canCreateUsers(SingleValueConnection.answeringNoRow().connection())).isFalse();
  }

  @ParameterizedTest
  @CsvSource({
    "40P01, DEADLOCK",
    "40001, SERIALIZATION_FAILURE",
    "55P03, LOCK_TIMEOUT",
    "57014, STATEMENT_TIMEOUT",
    "57P01, CONNECTION_LOST",
    "57P02, CONNECTION_LOST",
    "57P03, CONNECTION_LOST",
    "08006, CONNECTION_LOST",
    "08001, CONNECTION_LOST",
    "08003, CONNECTION_LOST",
    "23505, CONSTRAINT_VIOLATION",
    "23503, CONSTRAINT_VIOLATION",
    "23502, CONSTRAINT_VIOLATION",
    "42P01, OTHER",
    "42501, OTHER",
    "53100, OTHER",
  })
  void classifiesBySqlState(String state, ErrorClass expected) {
    // pgjdbc's PSQLException is a plain SQLException with vendor code 0.
    assertThat(pg.classify(new SQLException("pg", state, 0))).isEqualTo(expected);
  }

  /** drv_pgsql.c of sysbench 1.0.20: 40P01, 23505 and 40001, and nothing else. */
  @ParameterizedTest
  @CsvSource({
    "40P01, true",
    "23505, true",
    "40001, true",
    "23503, false",
    "23502, false",
    "55P03, false",
    "57014, false",
    "57P01, false",
    "42P01, false",
  })
  void ignoresWhatSysbenchsPostgresqlDriverIgnores(String state, boolean ignored) {
    assertThat(pg.sysbenchIgnores(new SQLException("pg", state, 0))).isEqualTo(ignored);
  }

  @Test
  void anErrorWithoutSqlStateIsNotIgnored() {
    assertThat(pg.sysbenchIgnores(new SQLException("no state"))).isFalse();
  }

  @Test
  void boundsEveryStatementOnceForTheWholeSessionInsteadOfPerStatement() {
    assertThat(pg.sessionTimeoutStatements(45)).containsExactly("SET statement_timeout = '45s'");
  }

  @Test
  void refusesToRetryAWrongPasswordOrARoleThatMayNotLogInButNotTooManyConnections() {
    assertThat(pg.loginRefused(new SQLException("password authentication failed", "28P01", 0))).isTrue();
    assertThat(pg.loginRefused(new SQLException("role is not permitted to log in", "28000", 0))).isTrue();
    assertThat(pg.loginRefused(new SQLException("too many connections for role", "53300", 0))).isFalse();
    assertThat(pg.loginRefused(new SQLException("connection refused", "08001", 0))).isFalse();
  }

  @Test
  void tooManyConnectionsMeansNoConnectionLeft() {
    assertThat(pg.connectionsExhausted(new SQLException("sorry, too many clients already", "53300", 0))).isTrue();
    assertThat(pg.connectionsExhausted(new SQLException("too many connections for role", "53300", 0))).isTrue();
    assertThat(pg.connectionsExhausted(new SQLException("password authentication failed", "28P01", 0))).isFalse();
    assertThat(pg.connectionsExhausted(new SQLException("connection refused", "08001", 0))).isFalse();
  }
}
