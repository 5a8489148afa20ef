package io.commitbench.core.config;

import static io.commitbench.core.config.ConfigTestSupport.PAPER_FILE;
import static io.commitbench.core.config.ConfigTestSupport.bind;
import static io.commitbench.core.config.ConfigTestSupport.binder;
import static io.commitbench.core.config.ConfigTestSupport.failure;
import static io.commitbench.core.config.ConfigTestSupport.paperWith;
import static io.commitbench.core.config.ConfigTestSupport.paperWithout;
import static io.commitbench.core.config.ConfigTestSupport.problems;
import static io.commitbench.core.config.ConfigTestSupport.properties;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.key.UsersMode;
import io.commitbench.core.key.Violation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ConfigBinderTest {

  private static final String ALL_KEYS = "workload, users, sleep, duration, transactions, warmup, rate, rate.arrival,"
      + " rate.backlog, rate.backlog.fail, rate.tolerance, rate.miss.fail, think.time, think.time.distribution, retry.max,"
      + " db.type, db.url, db.url.trusted, db.instance, db.user, db.password.env, db.password.file,"
      + " quota, users.mode, cleanup, table.prefix, user.prefix, owner,"
      + " statement.timeout, connect.timeout, reconnect.timeout, errors.max, report.interval, breakdown, breakdown.sample.rate, breakdown.kernel, results.dir, run.id,"
      + " run.label, runs, runs.setup, sweep.key, sweep.values, tablename, tableinsertnumber, tableselectnumber, tableupdatenumber, tabledeletenumber,"
      + " repeat, autocommit, commit.interval, text.length";

  private static String defaultH2Url(Path resultsDir) {
    return "jdbc:h2:file:" + resultsDir.resolve("h2").toAbsolutePath() + "/commitbench";
  }

  @Nested
  class PaperFile {

    @Test
    void fixedPrefixesAreKeptAndAnUnsetOneTakesTheRunsOwnNamespace() throws ConfigException {
      BenchmarkConfig both = bind(paperWith("table.prefix=my_t", "user.prefix=my_u"));
      assertThat(both.namesDerived()).isFalse();
      assertThat(both.tablePrefix()).isEqualTo("my_t");
      assertThat(both.userPrefix()).isEqualTo("my_u");

      BenchmarkConfig one = bind(paperWith("table.prefix=my_t"));
      assertThat(one.namesDerived()).isFalse();
      assertThat(one.tablePrefix()).isEqualTo("my_t");
      assertThat(one.tablePrefixDerived()).isFalse();
      assertThat(one.userPrefix()).matches("cb_[a-z0-9_]+_u");
      assertThat(one.userPrefixDerived()).isTrue();
    }

    @Test
    void twoBindingsOfTheSameFileGetDifferentNames() throws ConfigException {
      assertThat(bind(paperWith("run.id=same")).tablePrefix()).isNotEqualTo(bind(paperWith("run.id=same")).tablePrefix());
    }

    @Test
    void bindsUnchangedWithTheDocumentedDefaults() throws ConfigException {
      BenchmarkConfig c = bind(properties(PAPER_FILE));

      assertThat(c.users()).isEqualTo(10);
      assertThat(c.sleepMillis()).isEqualTo(100);
      assertThat(c.settings().integer("tablename")).isEqualTo(5);
      assertThat(c.settings().integer("tableinsertnumber")).isEqualTo(10);
      assertThat(c.settings().integer("tableselectnumber")).isEqualTo(10);
      assertThat(c.settings().integer("tableupdatenumber")).isEqualTo(10);
      assertThat(c.settings().integer("tabledeletenumber")).isEqualTo(10);
      assertThat(c.settings().integer("repeat")).isEqualTo(30);

      assertThat(c.dbType()).isEqualTo("h2");
      assertThat(c.dbUrl()).isEqualTo(defaultH2Url(Path.of("results")));
      assertThat(c.dbUser()).isEqualTo("sa");
      assertThat(c.password()).isSameAs(Secret.none());
      assertThat(c.settings().bool("autocommit")).isTrue();
      assertThat(c.settings().integer("commit.interval")).isEqualTo(1);
      assertThat(c.quotaMegabytes()).isEqualTo(50);
      assertThat(c.usersMode()).isEqualTo(UsersMode.AUTO);
      assertThat(c.cleanup()).isTrue();
      // Unset: the run's own namespace, from its run id (see RunNamespaceTest).
      assertThat(c.namesDerived()).isTrue();
      assertThat(c.tablePrefix()).matches("cb_[a-z0-9_]+_");
      assertThat(c.userPrefix()).isEqualTo(c.tablePrefix() + "u");
      assertThat(c.settings().integer("text.length")).isEqualTo(32);
      assertThat(c.statementTimeoutSeconds()).isEqualTo(60);
      assertThat(c.connectTimeoutSeconds()).isEqualTo(10);
      assertThat(c.reconnectTimeoutSeconds()).isEqualTo(60);
      assertThat(c.reportIntervalSeconds()).isEqualTo(1);
      assertThat(c.resultsDirectory()).isEqualTo(Path.of("results"));
      assertThat(c.runId()).matches("\\d{8}-\\d{6}-h2");
    }

    @Test
    void bindsFromTheFileOnDisk(@TempDir Path dir) throws IOException, ConfigException {
      Path file = dir.resolve("paper.properties");
      Files.write(file, PAPER_FILE, StandardCharsets.UTF_8);

      BenchmarkConfig c = bind(ConfigBinder.readFile(file));

      assertThat(c.users()).isEqualTo(10);
      assertThat(c.settings().integer("repeat")).isEqualTo(30);
    }

    @Test
    void aFileBoundFromItsPathGivesTheWorkloadItsFolder(@TempDir Path dir) throws IOException, ConfigException {
      Path file = dir.resolve("cells/paper.properties");
      Files.createDirectories(file.getParent());
      Files.write(file, PAPER_FILE, StandardCharsets.UTF_8);

      assertThat(binder().bind(file, Map.of()).settings().folder()).isEqualTo(file.getParent().toAbsolutePath());
      assertThat(binder().bindWithoutRunLength(file, Map.of()).settings().folder())
          .isEqualTo(file.getParent().toAbsolutePath());
      assertThat(bind(ConfigBinder.readFile(file)).settings().folder()).as("values from no file: the working directory")
          .isEqualTo(Path.of("").toAbsolutePath());
    }

    @Test
    void spacesAroundKeysAndValuesDoNotMatter() throws ConfigException {
      BenchmarkConfig c = bind(paperWith("users = 12 ", "  repeat=\t3"));

      assertThat(c.users()).isEqualTo(12);
      assertThat(c.settings().integer("repeat")).isEqualTo(3);
    }

    @Test
    void everyPaperKeyIsRequired() {
      assertThat(problems(() -> bind(new Properties()))).containsExactly(
          "users: missing; required: a whole number from 1 to 10000"
              + " (Number of actors (simulated database users), each one thread and one connection.)",
          "sleep: missing; required: a whole number from 0 to 3600000"
              + " (Milliseconds between the starts of two actors (in every cycle, for a workload with cycles).)",
          "tablename: missing; required: a whole number from 1 to 1000"
              + " (Number of central tables (the paper's name for the key).)",
          "tableinsertnumber: missing; required: a whole number from 0 to 1000000"
              + " (Inserts each actor runs on each table per cycle.)",
          "tableselectnumber: missing; required: a whole number from 0 to 1000000"
              + " (Selects each actor runs on each table per cycle.)",
          "tableupdatenumber: missing; required: a whole number from 0 to 1000000"
              + " (Updates each actor runs on each table per cycle.)",
          "tabledeletenumber: missing; required: a whole number from 0 to 1000000"
              + " (Delete statements each actor runs on each table per cycle; together they remove the rows it inserted"
              + " (0 keeps them, with repeat=1).)",
          "repeat: missing; required unless duration is set: a whole number from 1 to 1000000 (Number of cycles run one"
              + " after another.)");
    }

    @Test
    void aMissingKeyIsReportedWithoutAValue() {
      ConfigException e = failure(() -> bind(paperWithout("repeat")));

      assertThat(e.violations()).singleElement().satisfies(v -> {
        assertThat(v.key()).isEqualTo("repeat");
        assertThat(v.value()).isNull();
      });
    }
  }

  @Nested
  class Ranges {

    @ParameterizedTest(name = "{0}={1} is allowed")
    @CsvSource({
        "users, 1", "users, 10000", "sleep, 0", "sleep, 3600000", "tablename, 1", "tablename, 1000",
        "tableinsertnumber, 1000000", "tableselectnumber, 0", "tableupdatenumber, 0", "tabledeletenumber, 1000000",
        "repeat, 1", "repeat, 1000000", "commit.interval, 1", "commit.interval, 1000000", "quota, 1",
        "quota, 1048576", "text.length, 1", "text.length, 4000", "statement.timeout, 1", "statement.timeout, 86400",
        "connect.timeout, 1", "connect.timeout, 600", "reconnect.timeout, 0", "reconnect.timeout, 86400",
        "report.interval, 1", "report.interval, 3600", "users, +7", "users, 007"})
    void boundariesAreInside(String key, String value) throws ConfigException {
      bind(paperWith(key + "=" + value));
    }

    @ParameterizedTest(name = "{0}={1} is refused")
    @CsvSource({
        "users, 0, 1, 10000", "users, 10001, 1, 10000", "users, -1, 1, 10000", "sleep, -1, 0, 3600000",
        "sleep, 3600001, 0, 3600000", "tablename, 0, 1, 1000", "tablename, 1001, 1, 1000",
        "tableinsertnumber, 1000001, 0, 1000000", "tableselectnumber, -1, 0, 1000000",
        "tableupdatenumber, 1000001, 0, 1000000", "tabledeletenumber, 1000001, 0, 1000000", "repeat, 0, 1, 1000000",
        "commit.interval, 0, 1, 1000000", "quota, 1048577, 1, 1048576", "text.length, 4001, 1, 4000",
        "statement.timeout, 0, 1, 86400", "connect.timeout, 601, 1, 600", "reconnect.timeout, -1, 0, 86400",
        "report.interval, 3601, 1, 3600"})
    void outOfRangeNamesKeyValueAndRange(String key, String value, long min, long max) {
      assertThat(problems(() -> bind(paperWith(key + "=" + value))))
          .containsExactly(key + "=" + value + ": out of range; allowed: a whole number from " + min + " to " + max);
    }

    @Test
    void aNumberTooLargeForAnyRangeIsOutOfRangeNotNotANumber() {
      assertThat(problems(() -> bind(paperWith("users=99999999999999999999"))))
          .containsExactly("users=99999999999999999999: out of range; allowed: a whole number from 1 to 10000");
    }

    @ParameterizedTest(name = "users={0} is not a whole number")
    @ValueSource(strings = {"abc", "1.5", "1e3", "10k", "1_000", "0x10"})
    void wrongTypeNamesKeyValueAndType(String value) {
      assertThat(problems(() -> bind(paperWith("users=" + value))))
          .containsExactly("users=" + value + ": not a whole number; allowed: a whole number from 1 to 10000");
    }

    @Test
    void anEmptyRequiredValueIsAWrongTypeNotAMissingKey() {
      assertThat(problems(() -> bind(paperWith("users="))))
          .containsExactly("users=: not a whole number; allowed: a whole number from 1 to 10000");
    }
  }

  @Nested
  class Booleans {

    @ParameterizedTest(name = "autocommit={0}")
    @CsvSource({"true, true", "false, false"})
    void trueAndFalseAreAccepted(String value, boolean expected) throws ConfigException {
      assertThat(bind(paperWith("autocommit=" + value, "cleanup=" + value)))
          .satisfies(c -> assertThat(c.settings().bool("autocommit")).isEqualTo(expected))
          .satisfies(c -> assertThat(c.cleanup()).isEqualTo(expected));
    }

    @ParameterizedTest(name = "autocommit=''{0}'' is refused")
    @ValueSource(strings = {"yes", "no", "1", "0", "on", "off", "y", "t", ""})
    void nothingElseIsAccepted(String value) {
      assertThat(problems(() -> bind(paperWith("autocommit=" + value))))
          .containsExactly("autocommit=" + value + ": not a boolean; allowed: true or false");
    }
  }

  @Nested
  class InlineComments {

    private static final String HINT = " (a .properties file has no inline comments: put '#' comments on their own line)";

    @Test
    void aCommentAfterANumberGetsTheHint() {
      assertThat(problems(() -> bind(paperWith("users=10 # actors"))))
          .containsExactly("users=10 # actors: not a whole number" + HINT + "; allowed: a whole number from 1 to 10000");
    }

    @Test
    void theHintAlsoComesFromAFileOnDisk(@TempDir Path dir) throws IOException {
      Path file = dir.resolve("commented.properties");
      List<String> lines = new ArrayList<>(PAPER_FILE);
      lines.set(0, "users=10 # actors");
      lines.add(0, "# a comment on its own line is fine");
      Files.write(file, lines, StandardCharsets.UTF_8);

      assertThat(problems(() -> bind(ConfigBinder.readFile(file))))
          .containsExactly("users=10 # actors: not a whole number" + HINT + "; allowed: a whole number from 1 to 10000");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "autocommit=true # always | autocommit=true # always: not a boolean" + HINT + "; allowed: true or false",
        "db.type=h2 # embedded | db.type=h2 # embedded: not an allowed value" + HINT + "; allowed: one of h2, postgresql",
        "users.mode=shared #x | users.mode=shared #x: not an allowed value" + HINT
            + "; allowed: one of auto, db-users, shared",
        "table.prefix=t_ # tables | table.prefix=t_ # tables: not an identifier" + HINT
            + "; allowed: a lower-case identifier of 1 to 30 characters (a-z, 0-9, _; starting with a letter)",
        "db.password.env=PW # pg | db.password.env=PW # pg: not an environment variable name" + HINT
            + "; allowed: the name of an environment variable"})
    void everyCheckedTypeGivesTheHint(String line, String expected) {
      assertThat(problems(() -> bind(paperWith(line)))).containsExactly(expected);
    }
  }

  @Nested
  class UnknownKeys {

    @Test
    void aMisspeltKeyIsReportedWithASuggestion() {
      assertThat(problems(() -> bind(paperWith("tablenam=5"))))
          .containsExactly("tablenam=5: unknown key; did you mean 'tablename'? allowed keys: " + ALL_KEYS);
    }

    @Test
    void anUnrelatedKeyGetsNoSuggestion() {
      assertThat(problems(() -> bind(paperWith("colour=blue"))))
          .containsExactly("colour=blue: unknown key; allowed keys: " + ALL_KEYS);
    }

    @Test
    void keysAreCaseSensitiveButTheSuggestionIsNot() {
      assertThat(problems(() -> bind(paperWith("Users=10"))))
          .containsExactly("Users=10: unknown key; did you mean 'users'? allowed keys: " + ALL_KEYS);
    }

    @Test
    void severalUnknownKeysAreReportedInKeyOrder() {
      List<String> found = problems(() -> bind(paperWith("zeta=1", "alpha=2", "mid=3", "beta=4")));

      assertThat(found).extracting(line -> line.substring(0, line.indexOf('=')))
          .containsExactly("alpha", "beta", "mid", "zeta");
    }
  }

  @Nested
  class DatabaseType {

    @Test
    void bothAbsentMeansTheEmbeddedDatabaseUnderResultsDir(@TempDir Path dir) throws ConfigException {
      BenchmarkConfig c = bind(paperWith("results.dir=" + dir));

      assertThat(c.dbType()).isEqualTo("h2");
      assertThat(c.dbUrl()).isEqualTo("jdbc:h2:file:" + dir.resolve("h2") + "/commitbench");
      assertThat(c.resultsDirectory()).isEqualTo(dir);
    }

    @Test
    void bothAbsentChoosesH2EvenWhenAnotherEmbeddedDialectSortsFirst() throws ConfigException {
      DialectRegistry registry = DialectRegistry.of(new TestDialects.EmbeddedDerbyTestDialect(),
          new TestDialects.EmbeddedH2TestDialect(), new TestDialects.ServerPostgresqlTestDialect());

      BenchmarkConfig c = new ConfigBinder(registry, Map.<String, String>of()::get).bind(paperWith(), Map.of());

      assertThat(c.dbType()).isEqualTo("h2");
      assertThat(c.dbUrl()).startsWith("jdbc:h2:file:");
    }

    @Test
    void withoutH2AnotherEmbeddedDialectIsUsed() throws ConfigException {
      DialectRegistry registry = DialectRegistry.of(new TestDialects.EmbeddedDerbyTestDialect(),
          new TestDialects.ServerPostgresqlTestDialect());

      BenchmarkConfig c = new ConfigBinder(registry, Map.<String, String>of()::get).bind(paperWith(), Map.of());

      assertThat(c.dbType()).isEqualTo("derby");
      assertThat(c.dbUser()).isEqualTo("app");
    }

    @Test
    void bothAbsentWithoutAnyEmbeddedDialectIsAnError() {
      ConfigBinder serverOnly = new ConfigBinder(DialectRegistry.of(new TestDialects.ServerPostgresqlTestDialect()),
          Map.<String, String>of()::get);

      assertThat(problems(() -> serverOnly.bind(paperWith(), Map.of()))).containsExactly(
          "db.url: missing, and no embedded database is installed; allowed: a JDBC URL of postgresql");
    }

    @Test
    void inferredFromTheUrl() throws ConfigException {
      BenchmarkConfig c = bind(paperWith("db.url=jdbc:postgresql://127.0.0.1:5432/test"));

      assertThat(c.dbType()).isEqualTo("postgresql");
      assertThat(c.dbUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/test");
      assertThat(c.dbUser()).isEqualTo("postgres");
      assertThat(c.runId()).endsWith("-postgresql");
    }

    @Test
    void givenTypeWithItsDefaultUrl() throws ConfigException {
      BenchmarkConfig c = bind(paperWith("db.type=h2"));

      assertThat(c.dbType()).isEqualTo("h2");
      assertThat(c.dbUrl()).isEqualTo(defaultH2Url(Path.of("results")));
    }

    @Test
    void givenTypeWithMatchingUrlAndUser() throws ConfigException {
      BenchmarkConfig c = bind(paperWith("db.type=postgresql", "db.url=jdbc:postgresql://db/test", "db.user=bench"));

      assertThat(c.dbType()).isEqualTo("postgresql");
      assertThat(c.dbUrl()).isEqualTo("jdbc:postgresql://db/test");
      assertThat(c.dbUser()).isEqualTo("bench");
    }

    @Test
    void givenTypeWithAnotherProductsUrlIsAnError() {
      assertThat(problems(() -> bind(paperWith("db.type=h2", "db.url=jdbc:postgresql://db/test"))))
          .containsExactly("db.url=jdbc:postgresql://db/test: not a URL of db.type=h2;"
              + " allowed: a JDBC URL the h2 dialect accepts (this URL is postgresql's)");
    }

    @Test
    void givenTypeWithAUrlNoDialectKnowsIsAnError() {
      assertThat(problems(() -> bind(paperWith("db.type=postgresql", "db.url=jdbc:oracle:thin:@db:1521/XE"))))
          .containsExactly("db.url=jdbc:oracle:thin:@db:1521/XE: not a URL of db.type=postgresql;"
              + " allowed: a JDBC URL the postgresql dialect accepts");
    }

    @Test
    void givenTypeWithoutDefaultUrlNeedsAUrl() {
      assertThat(problems(() -> bind(paperWith("db.type=postgresql")))).containsExactly(
          "db.url: missing; required when db.type=postgresql; allowed: a JDBC URL the postgresql dialect accepts");
    }

    @Test
    void aUrlNoDialectAcceptsIsAnError() {
      assertThat(problems(() -> bind(paperWith("db.url=jdbc:oracle:thin:scott/tiger@db:1521/XE")))).containsExactly(
          "db.url=jdbc:oracle:thin:scott/***@db:1521/XE: no dialect accepts this URL;"
              + " allowed: a JDBC URL of h2, postgresql");
    }

    @Test
    void aTypeThatIsNotInstalledIsRefused() {
      assertThat(problems(() -> bind(paperWith("db.type=oracle", "db.url=jdbc:postgresql://db/test"))))
          .containsExactly("db.type=oracle: not an allowed value; allowed: one of h2, postgresql");
    }

    @Test
    void typeNamesAreCaseSensitive() {
      assertThat(problems(() -> bind(paperWith("db.type=H2"))))
          .containsExactly("db.type=H2: not an allowed value; allowed: one of h2, postgresql");
    }

    @Test
    void theTypesChoicesAreTheRegistrysDialects() {
      assertThat(binder().keys()).filteredOn(k -> k.name().equals("db.type")).singleElement()
          .satisfies(k -> assertThat(k.choices()).containsExactly("h2", "postgresql"));
    }
  }

  @Nested
  class Passwords {

    @Test
    void aPasswordKeyIsRefusedNamingTheTwoSourcesAndHidingTheValue() {
      ConfigException e = failure(() -> bind(paperWith("db.password=hunter2")));

      assertThat(e.violations()).extracting(Violation::toString).containsExactly(
          "db.password=***: passwords are not accepted in parameter files or on the command line;"
              + " allowed: db.password.env=<variable name> or db.password.file=<path>");
      assertThat(e.getMessage()).doesNotContain("hunter2").contains("db.password.env", "db.password.file");
    }

    @Test
    void aPasswordOverrideIsRefusedTheSameWay() {
      ConfigException e = failure(() -> binder().bind(paperWith(), Map.of("db.password", "hunter2")));

      assertThat(e.violations()).singleElement().satisfies(v -> {
        assertThat(v.key()).isEqualTo("db.password");
        assertThat(v.toString()).doesNotContain("hunter2").contains("db.password.env", "db.password.file");
      });
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"DB.PASSWORD", "Db.Password", "db.passwd", "db.pasword", "db.pwd", "password", "db.password.txt"})
    void misspeltOrMiscasedPasswordKeysNeverShowTheValue(String key) {
      ConfigException e = failure(() -> bind(paperWith(key + "=hunter2")));

      assertThat(e.violations()).singleElement().satisfies(v -> assertThat(v.key()).isEqualTo(key));
      assertThat(e.getMessage()).doesNotContain("hunter2");
    }

    @Test
    void aMiscasedPasswordKeyGetsThePasswordMessage() {
      assertThat(problems(() -> bind(paperWith("DB.Password=hunter2")))).containsExactly(
          "DB.Password=***: passwords are not accepted in parameter files or on the command line;"
              + " allowed: db.password.env=<variable name> or db.password.file=<path>");
    }

    @Test
    void aMisspeltPasswordKeyShowsTheKeyButNoValue() {
      assertThat(problems(() -> bind(paperWith("db.pasword=hunter2")))).containsExactly(
          "db.pasword=***: unknown key; did you mean 'db.password.env'? allowed keys: " + ALL_KEYS);
    }

    @Test
    void aMisspeltUrlKeyDoesNotShowTheUrlsPassword() {
      assertThat(problems(() -> bind(paperWith("db.ulr=jdbc:postgresql://db/test?password=hunter2")))).containsExactly(
          "db.ulr=jdbc:postgresql://db/test?password=***: unknown key; did you mean 'db.url'? allowed keys: " + ALL_KEYS);
    }

    @Test
    void fromTheEnvironment() throws ConfigException {
      BenchmarkConfig c = binder(Map.of("DB_PW", "s3cret"))
          .bind(paperWith("db.url=jdbc:postgresql://db/test", "db.password.env=DB_PW"), Map.of());

      assertThat(c.password().reveal()).isEqualTo("s3cret");
      assertThat(c.password().origin()).isEqualTo("env DB_PW");
      assertThat(c.effective()).containsEntry("db.password", "env DB_PW").containsEntry("db.password.env", "DB_PW");
      assertThat(c.effective().values()).noneMatch(v -> v.contains("s3cret"));
      assertThat(c.toString()).doesNotContain("s3cret");
    }

    @Test
    void anUnsetVariableIsAnError() {
      assertThat(problems(() -> bind(paperWith("db.password.env=NOT_SET")))).containsExactly(
          "db.password.env=NOT_SET: environment variable NOT_SET is not set;"
              + " allowed: the name of a set environment variable");
    }

    @ParameterizedTest(name = "db.password.env={0}")
    @ValueSource(strings = {"1PW", "PG-PASSWORD", "PG PASSWORD", "$PGPASSWORD"})
    void aVariableNameMustBeOne(String name) {
      assertThat(problems(() -> bind(paperWith("db.password.env=" + name)))).containsExactly(
          "db.password.env=" + name + ": not an environment variable name; allowed: the name of an environment variable");
    }

    @Test
    void fromAFileItsFirstLineStripped(@TempDir Path dir) throws IOException, ConfigException {
      Path file = dir.resolve("pw.txt");
      Files.writeString(file, "  s3cret \nsecond line\n", StandardCharsets.UTF_8);

      BenchmarkConfig c = bind(paperWith("db.password.file=" + file));

      assertThat(c.password().reveal()).isEqualTo("s3cret");
      assertThat(c.password().origin()).isEqualTo("file " + file);
      assertThat(c.effective()).containsEntry("db.password", "file " + file);
      assertThat(c.effective().values()).noneMatch(v -> v.contains("s3cret"));
    }

    @Test
    void anEmptyFileIsAnEmptyPassword(@TempDir Path dir) throws IOException, ConfigException {
      Path file = Files.createFile(dir.resolve("empty.txt"));

      assertThat(bind(paperWith("db.password.file=" + file)).password().reveal()).isEmpty();
    }

    @Test
    void anUnreadableFileIsAnError(@TempDir Path dir) {
      Path file = dir.resolve("absent.txt");

      assertThat(problems(() -> bind(paperWith("db.password.file=" + file)))).containsExactly(
          "db.password.file=" + file + ": cannot read it (NoSuchFileException);"
              + " allowed: a readable file whose first line is the password");
    }

    @Test
    void bothSourcesAtOnceIsAnError(@TempDir Path dir) throws IOException {
      Path file = Files.writeString(dir.resolve("pw.txt"), "x");

      assertThat(problems(() -> binder(Map.of("DB_PW", "y")).bind(
          paperWith("db.password.env=DB_PW", "db.password.file=" + file), Map.of()))).containsExactly(
          "db.password.file=" + file + ": given together with db.password.env; allowed: one password source, not both");
    }

    @Test
    void noSourceMeansNoPassword() throws ConfigException {
      BenchmarkConfig c = bind(paperWith());

      assertThat(c.password().reveal()).isEmpty();
      assertThat(c.password().origin()).isEqualTo("none");
      assertThat(c.effective()).containsEntry("db.password", "none");
    }
  }

  @Nested
  class Overrides {

    @Test
    void overridesWinOverTheFile() throws ConfigException {
      BenchmarkConfig c = binder().bind(paperWith("autocommit=true"), Map.of("users", "20", "autocommit", "false"));

      assertThat(c.users()).isEqualTo(20);
      assertThat(c.settings().bool("autocommit")).isFalse();
      assertThat(c.effective()).containsEntry("users", "20").containsEntry("autocommit", "false");
    }

    @Test
    void overridesMaySupplyARequiredKey() throws ConfigException {
      assertThat(binder().bind(paperWithout("repeat"), Map.of("repeat", "2")).settings().integer("repeat")).isEqualTo(2);
    }

    @Test
    void overridesAreValidatedLikeFileKeys() {
      assertThat(problems(() -> binder().bind(paperWith(), Map.of("users", "0")))).containsExactly(
          "users=0: out of range; allowed: a whole number from 1 to 10000");
      assertThat(problems(() -> binder().bind(paperWith(), Map.of("tablenam", "5")))).containsExactly(
          "tablenam=5: unknown key; did you mean 'tablename'? allowed keys: " + ALL_KEYS);
    }

    @Test
    void anOverrideCanRepairAFileValue() throws ConfigException {
      assertThat(binder().bind(paperWith("users=abc"), Map.of("users", "3")).users()).isEqualTo(3);
    }

    @Test
    void anOverrideTakesPartInCrossKeyChecks() {
      assertThat(problems(() -> binder().bind(paperWith(), Map.of("tabledeletenumber", "0")))).containsExactly(
          "tabledeletenumber=0: must be at least 1 when tableinsertnumber > 0, because each cycle's deletes remove"
              + " the rows it inserted; allowed: a whole number from 1 to 1000000, or 0 with repeat=1 (a load run that keeps its rows)");
    }
  }

  @Nested
  class CrossKeyChecks {

    @Test
    void noDeletesWithInsertsIsRefused() {
      assertThat(problems(() -> bind(paperWith("tabledeletenumber=0")))).containsExactly(
          "tabledeletenumber=0: must be at least 1 when tableinsertnumber > 0, because each cycle's deletes remove"
              + " the rows it inserted; allowed: a whole number from 1 to 1000000, or 0 with repeat=1 (a load run that keeps its rows)");
    }

    @Test
    void aSingleCycleMayKeepItsRows() throws ConfigException {
      BenchmarkConfig c = bind(paperWith("tabledeletenumber=0", "repeat=1"));
      assertThat(c.settings().integer("tabledeletenumber")).isZero();
      assertThat(problems(() -> bind(paperWith("tabledeletenumber=0", "repeat=2")))).hasSize(1);
    }

    @Test
    void noDeletesWithoutInsertsIsFine() throws ConfigException {
      BenchmarkConfig c = bind(paperWith("tableinsertnumber=0", "tabledeletenumber=0"));

      assertThat(c.settings().integer("tableinsertnumber")).isZero();
      assertThat(c.settings().integer("tabledeletenumber")).isZero();
    }

    @Test
    void anInvalidInsertCountDoesNotAddADeleteComplaint() {
      assertThat(problems(() -> bind(paperWith("tableinsertnumber=x", "tabledeletenumber=0")))).containsExactly(
          "tableinsertnumber=x: not a whole number; allowed: a whole number from 0 to 1000000");
    }
  }

  @Nested
  class RunId {

    @ParameterizedTest(name = "run.id={0}")
    @ValueSource(strings = {"run-1", "2025.01.02_pg", "A", "..x", "x.."})
    void folderNamesAreAccepted(String id) throws ConfigException {
      assertThat(bind(paperWith("run.id=" + id)).runId()).isEqualTo(id);
    }

    @Test
    void aHundredCharactersAreAccepted() throws ConfigException {
      String id = "r".repeat(100);

      assertThat(bind(paperWith("run.id=" + id)).runId()).isEqualTo(id);
    }

    @ParameterizedTest(name = "run.id={0}")
    @ValueSource(strings = {"a/b", "../x", "a b", "a\\\\b", "run:1", "ü"})
    void anythingElseIsRefused(String id) {
      String written = id.replace("\\\\", "\\");

      assertThat(problems(() -> bind(paperWith("run.id=" + id)))).containsExactly(
          "run.id=" + written + ": not a folder name; allowed: 1 to 100 ASCII letters, digits, '.', '_', '-'"
              + " (not only dots)");
    }

    @ParameterizedTest(name = "run.id={0}")
    @ValueSource(strings = {".", "..", "..."})
    void onlyDotsWouldLeaveTheResultsDirectory(String id) {
      assertThat(problems(() -> bind(paperWith("run.id=" + id)))).containsExactly(
          "run.id=" + id + ": not a folder name; allowed: 1 to 100 ASCII letters, digits, '.', '_', '-' (not only dots)");
    }

    @Test
    void aHundredAndOneCharactersAreRefused() {
      String id = "r".repeat(101);

      assertThat(problems(() -> bind(paperWith("run.id=" + id)))).singleElement()
          .satisfies(line -> assertThat(line).startsWith("run.id=" + id + ": not a folder name"));
    }

    @Test
    void anEmptyRunIdIsRefused() {
      assertThat(problems(() -> bind(paperWith("run.id=")))).containsExactly(
          "run.id=: empty; allowed: any non-empty text");
    }
  }

  @Nested
  class ResultsDirectory {

    @Test
    void anEmptyResultsDirIsAViolationNotACrash() {
      assertThat(problems(() -> bind(paperWith("results.dir=")))).containsExactly(
          "results.dir=: empty; allowed: any non-empty text");
    }

    @Test
    void anImpossiblePathIsAViolationNotACrash() {
      ConfigException e = failure(() -> bind(paperWith("results.dir=a\\u0000b")));

      assertThat(e.violations()).singleElement().satisfies(v -> {
        assertThat(v.key()).isEqualTo("results.dir");
        assertThat(v.message()).startsWith("not a usable directory path");
      });
    }
  }

  @Nested
  class Effective {

    @Test
    void containsEveryKeyAndTheirValues() throws ConfigException {
      BenchmarkConfig c = bind(paperWith("run.id=r1"));

      List<String> expected = new ArrayList<>();
      binder().keys().forEach(k -> expected.add(k.name()));
      expected.add("db.password");
      assertThat(c.effective().keySet()).containsExactlyInAnyOrderElementsOf(expected);
      assertThat(c.effective())
          .containsEntry("users", "10").containsEntry("sleep", "100").containsEntry("tablename", "5")
          .containsEntry("repeat", "30").containsEntry("db.type", "h2")
          .containsEntry("db.url", defaultH2Url(Path.of("results"))).containsEntry("db.user", "sa")
          .containsEntry("db.password", "none").containsEntry("db.password.env", "")
          .containsEntry("db.password.file", "").containsEntry("autocommit", "true")
          .containsEntry("users.mode", "auto").containsEntry("table.prefix", c.tablePrefix())
          .containsEntry("user.prefix", c.userPrefix())
          .containsEntry("results.dir", "results").containsEntry("run.id", "r1");
    }

    @Test
    void isSortedAndUnmodifiable() throws ConfigException {
      Map<String, String> effective = bind(paperWith()).effective();

      assertThat(List.copyOf(effective.keySet())).isSorted();
      assertThatThrownBy(() -> effective.put("users", "1")).isInstanceOf(UnsupportedOperationException.class);
    }
  }

  @Nested
  class ReadFile {

    @Test
    void aMissingFileIsAViolationNamingIt(@TempDir Path dir) {
      Path file = dir.resolve("absent.properties");

      ConfigException e = failure(() -> ConfigBinder.readFile(file));

      assertThat(e.violations()).singleElement().satisfies(v -> {
        assertThat(v.key()).isEqualTo("file");
        assertThat(v.value()).isEqualTo(file.toString());
        assertThat(v.message()).startsWith("cannot read the parameter file (")
            .endsWith("); allowed: a readable Java .properties file");
      });
      assertThat(e.getMessage()).startsWith("1 problem in the configuration:\n  - file=" + file + ": ");
    }

    @Test
    void aDirectoryIsAViolation(@TempDir Path dir) {
      ConfigException e = failure(() -> ConfigBinder.readFile(dir));

      assertThat(e.violations()).singleElement().satisfies(v -> assertThat(v.value()).isEqualTo(dir.toString()));
    }

    @Test
    void aMalformedEscapeIsAViolation(@TempDir Path dir) throws IOException {
      Path file = Files.writeString(dir.resolve("bad.properties"), "users=\\uZZZZ\n");

      ConfigException e = failure(() -> ConfigBinder.readFile(file));

      assertThat(e.violations()).singleElement().satisfies(v -> assertThat(v.key()).isEqualTo("file"));
    }

    @Test
    void aFileIsReadAsUtf8(@TempDir Path dir) throws IOException, ConfigException {
      Path file = Files.write(dir.resolve("utf8.properties"), List.of("run.id=café"), StandardCharsets.UTF_8);

      assertThat(ConfigBinder.readFile(file).getProperty("run.id")).isEqualTo("café");
    }
  }
}
