package io.commitbench.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Dialect} and the roles it hands out ({@link Users}, {@link OwnershipMarks},
 * {@link ServerReadings}, {@link LockingSupport}) must satisfy, whatever the product. Each driver
 * module has one test that extends this class and names its dialect and a JDBC URL it must
 * accept; product details (exact SQL text, vendor codes) are tested next to the dialect. Needs no
 * server.
 *
 * <pre>
 * class PostgresqlDialectTest extends AbstractDialectContractTest {
 *   protected Dialect dialect() { return new PostgresqlDialect(); }
 *   protected String sampleUrl() { return "jdbc:postgresql://127.0.0.1:5432/test"; }
 * }
 * </pre>
 */
public abstract class AbstractDialectContractTest {

  /** URLs of several products; a dialect must reject each one whose subprotocol is not its own. */
  private static final List<String> OTHER_PRODUCTS_URLS = List.of(
      "jdbc:h2:mem:contract",
      "jdbc:postgresql://127.0.0.1:5432/test",
      "jdbc:mariadb://127.0.0.1:3306/test",
      "jdbc:oracle:thin:@//127.0.0.1:1521/FREEPDB1",
      "jdbc:sqlserver://127.0.0.1:1433;databaseName=test",
      "jdbc:derby:memory:contract;create=true");

  protected static final DbUser USER = new DbUser("cb_user_3", "Secret42abc");

  /** A fresh instance of the dialect under test. */
  protected abstract Dialect dialect();

  /** A JDBC URL of the dialect's product that it must accept. */
  protected abstract String sampleUrl();

  /**
   * URLs of the product that carry a password, one for each form its URL syntax has (a {@code
   * password=} setting at least); {@link Dialect#passwordInUrl} must find each.
   */
  protected abstract List<String> urlsWithPassword();

  /**
   * URLs of the product whose port is not a port number, each with that port as written; {@link
   * Dialect#urlProblem} must name it. Empty for a product whose URLs name no port.
   */
  protected abstract Map<String, String> urlsWithBadPort();

  /** A table as the harness would describe it, qualified the way the dialect qualifies names. */
  protected TableSpec sampleTable() {
    return new TableSpec("cb_table_7", "cbq", dialect().qualifiedName("cbq", "cb_table_7"), 40);
  }

  @Test
  void nameLimitsLeaveRoomForARunsOwnNamesAndTheMarkGoesInUnchanged() {
    io.commitbench.core.namespace.RunNamespace ns = io.commitbench.core.namespace.RunNamespace.derive(
        "20250425-143012-" + dialect().name(), dialect().maxIdentifierLength(), dialect().maxUserNameLength(),
        new java.util.Random(1));
    assertThat(ns.tablePrefix() + "commit_text2_ix").hasSizeLessThanOrEqualTo(dialect().maxIdentifierLength());
    assertThat(ns.userPrefix() + "10000").hasSizeLessThanOrEqualTo(dialect().maxUserNameLength());
    assertThat(dialect().maxIdentifierLength()).as("at least Oracle 12.1's 30").isGreaterThanOrEqualTo(30);
    String mark = "commitbench run=r1 host=h pid=1 started=2025-04-25T14:30:12Z";
    OwnershipMarks marks = dialect().marks();
    assertThat(String.join("\n", marks.markTableStatements(sampleTable(), mark))).contains("'" + mark + "'")
        .contains(sampleTable().qualifiedName());
    assertThat(marks.markUserStatements(USER, mark).isEmpty()).as("marks users").isNotEqualTo(marks.marksUsers());
  }

  @Test
  void aMarkedTableIsCreatedWithEveryStatementOfItsCreateAndItsMark() {
    String mark = "commitbench run=r1 host=h pid=1";
    List<String> create = dialect().createTableStatements(sampleTable());
    String marked = String.join("\n", dialect().marks().createMarkedTableStatements(create, sampleTable(), mark));
    assertThat(marked).contains("'" + mark + "'");
    for (String statement : create.subList(1, create.size())) {
      assertThat(marked).contains(statement);
    }
    assertThat(marked).startsWith(create.get(0));
  }

  @Test
  void itsServerReadingsHaveLogCounters() {
    assertThat(dialect().server().logCounters()).isNotNull();
  }

  @Test
  void theProductKeysItNamesAreTheEnginesProductKeys() {
    assertThat(dialect().users().productKeys()).isSubsetOf(io.commitbench.core.key.ParameterKeys.PRODUCT_KEYS);
  }

  @Test
  void nameIsOneLowerCaseWord() {
    assertThat(dialect().name()).matches("[a-z][a-z0-9]*");
  }

  @Test
  void descriptionAndDefaultUserAreGiven() {
    assertThat(dialect().description()).isNotBlank().doesNotContain("\n");
    assertThat(dialect().defaultUser()).isNotBlank();
  }

  @Test
  void acceptsItsOwnUrlAndRejectsOtherProducts() {
    String own = subprotocol(sampleUrl());
    assertThat(dialect().acceptsUrl(sampleUrl())).isTrue();
    List<String> foreign = OTHER_PRODUCTS_URLS.stream().filter(u -> !subprotocol(u).equals(own)).toList();
    assertThat(foreign).hasSizeGreaterThanOrEqualTo(OTHER_PRODUCTS_URLS.size() - 1);
    for (String url : foreign) {
      assertThat(dialect().acceptsUrl(url)).as(url).isFalse();
    }
  }

  @Test
  void theSampleUrlCarriesNoPasswordAndHasNoProblem() {
    assertThat(dialect().passwordInUrl(sampleUrl())).isEmpty();
    assertThat(dialect().urlProblem(sampleUrl())).isEmpty();
  }

  @Test
  void aPasswordInTheUrlIsFoundInEachForm() {
    assertThat(urlsWithPassword()).isNotEmpty().allSatisfy(url -> {
      assertThat(dialect().acceptsUrl(url)).as(url).isTrue();
      assertThat(dialect().passwordInUrl(url)).as(url).isPresent();
    });
  }

  @Test
  void aPortThatIsNoPortNumberIsAProblemNamingIt() {
    urlsWithBadPort().forEach((url, port) -> {
      assertThat(dialect().passwordInUrl(url)).as(url).isEmpty();
      assertThat(dialect().urlProblem(url)).as(url).hasValueSatisfying(
          problem -> assertThat(problem).contains("port '" + port + "'").contains("; allowed: "));
    });
  }

  @Test
  void isAvailableBecauseTheModuleShipsItsDriver() {
    Availability availability = dialect().availability();
    assertThat(availability.reason()).isEmpty();
    assertThat(availability.available()).isTrue();
  }

  @Test
  void isStatelessWithAPublicNoArgConstructor() throws ReflectiveOperationException {
    Class<? extends Dialect> type = dialect().getClass();
    assertThat(Modifier.isFinal(type.getModifiers())).as("final class").isTrue();
    assertThat(type.getConstructor().newInstance()).isInstanceOf(type);
    List<String> instanceFields = Arrays.stream(type.getDeclaredFields())
        .filter(f -> !Modifier.isStatic(f.getModifiers()))
        .map(Field::getName)
        .toList();
    assertThat(instanceFields).as("instance fields").isEmpty();
  }

  /** The roles a dialect hands out serve every actor too: stateless, given, the same each time. */
  @Test
  void itsRolesAreStatelessLikeTheDialect() {
    List<Object> roles = List.of(dialect().users(), dialect().marks(), dialect().server(), dialect().locking());
    for (Object role : roles) {
      Class<?> type = role.getClass();
      assertThat(Arrays.stream(type.getDeclaredFields()).filter(f -> !Modifier.isStatic(f.getModifiers())))
          .as("instance fields of %s", type.getName()).isEmpty();
    }
    assertThat(dialect().users()).isSameAs(dialect().users());
    assertThat(dialect().bulkLoader()).as("bulk loader").isNotNull();
  }

  @Test
  void isRegisteredAsAService() {
    Dialect found = DialectRegistry.load(getClass().getClassLoader()).byName(dialect().name()).orElseThrow();
    assertThat(found).isExactlyInstanceOf(dialect().getClass());
  }

  @Test
  void createTableNamesTheTableItsColumnsAndItsThreeIndexes() {
    TableSpec table = sampleTable();
    List<String> ddl = dialect().createTableStatements(table);
    assertThat(ddl).isNotEmpty().allSatisfy(sql -> assertThat(sql).isNotBlank());
    String all = String.join("\n", ddl);
    assertThat(ddl.get(0)).contains(table.qualifiedName(), TableSpec.NUMBER_COLUMN,
        TableSpec.TEXT_COLUMN, TableSpec.TEXT2_COLUMN, "(" + table.textLength() + ")");
    assertThat(all).contains(table.indexName(TableSpec.NUMBER_COLUMN),
        table.indexName(TableSpec.TEXT_COLUMN), table.indexName(TableSpec.TEXT2_COLUMN));
    assertThat(all).containsIgnoringCase("UNIQUE");
  }

  @Test
  void dropTableNamesTheTable() {
    TableSpec table = sampleTable();
    List<String> ddl = dialect().dropTableStatements(table);
    assertThat(ddl).isNotEmpty().allSatisfy(sql -> assertThat(sql).isNotBlank());
    assertThat(String.join("\n", ddl)).contains(table.qualifiedName());
  }

  @Test
  void workloadSqlUsesTheQualifiedName() {
    TableSpec table = sampleTable();
    WorkloadSql sql = dialect().workloadSql(table);
    assertThat(List.of(sql.insert(), sql.select(), sql.update(), sql.delete()))
        .allSatisfy(s -> assertThat(s).contains(table.qualifiedName()));
  }

  @Test
  void userStatementsNameTheUser() {
    // Whether the password goes in clear or as the product's hash of it is the dialect's to say
    // (and its own test's to check): the contract asks only that the user be named.
    List<String> create = dialect().users().createUserStatements(USER, 50);
    assertThat(create).isNotEmpty().allSatisfy(sql -> assertThat(sql).contains(USER.name()));

    List<String> grant = dialect().users().grantStatements(USER, sampleTable());
    assertThat(grant).isNotEmpty().allSatisfy(sql -> assertThat(sql).contains(USER.name()));
    assertThat(String.join("\n", grant)).contains(sampleTable().qualifiedName());

    List<String> drop = dialect().users().dropUserStatements(USER);
    assertThat(drop).isNotEmpty().allSatisfy(sql -> assertThat(sql).contains(USER.name()));
    assertThat(String.join("\n", drop)).doesNotContain(USER.password());
  }

  @Test
  void userToStringHidesThePassword() {
    assertThat(USER.toString()).contains(USER.name()).doesNotContain(USER.password());
  }

  @Test
  void connectionPropertiesLeaveCredentialsToTheHarness() {
    Properties props = dialect().connectionProperties(new ConnectionTimeouts(5, 30));
    assertThat(props).isNotNull().doesNotContainKeys("user", "password");
  }

  @Test
  void standardErrorsAreClassifiedAsTheStandardSays() {
    assertThat(dialect().classify(new SQLException("gone", "08006", 0))).isEqualTo(ErrorClass.CONNECTION_LOST);
    assertThat(dialect().classify(new SQLException("dup", "23505", 0))).isEqualTo(ErrorClass.CONSTRAINT_VIOLATION);
    assertThat(dialect().classify(new SQLTimeoutException("slow", null, 0))).isEqualTo(ErrorClass.STATEMENT_TIMEOUT);
  }

  @Test
  void unknownErrorsAreOther() {
    assertThat(dialect().classify(new SQLException("what"))).isEqualTo(ErrorClass.OTHER);
    assertThat(dialect().classify(new SQLException("what", "HY000", 424242))).isEqualTo(ErrorClass.OTHER);
  }

  /**
   * The locking probe's questions: every product has READ COMMITTED; a lock wait bound names the
   * seconds given (or there is none, and the probe uses the JDBC query timeout); a lock view
   * takes the session id as its one parameter; an error's code is never null.
   */
  @Test
  void lockingAnswersAreComplete() {
    LockingSupport locking = dialect().locking();
    assertThat(locking.isolationLevels()).contains(IsolationLevel.READ_COMMITTED);
    assertThat(locking.lockWaitTimeoutStatements(7)).allSatisfy(sql -> assertThat(sql).containsPattern("\\b7"));
    locking.lockWaitView().ifPresent(view -> {
      assertThat(view.sessionIdSql()).isNotBlank().doesNotContain("?");
      assertThat(view.waitingSql()).containsOnlyOnce("?");
      assertThat(view.pollMillis()).isPositive();
    });
    assertThat(locking.errorCode(new SQLException("what"))).isNotNull();
  }

  private static String subprotocol(String url) {
    int second = url.indexOf(':', "jdbc:".length());
    return second < 0 ? url : url.substring(0, second + 1);
  }
}
