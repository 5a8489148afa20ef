package io.commitbench.core.config;

import static io.commitbench.core.config.ConfigTestSupport.binder;
import static io.commitbench.core.config.ConfigTestSupport.failure;
import static io.commitbench.core.config.ConfigTestSupport.properties;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.key.Violation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One parameter file with many problems and the exact report a user gets: every problem at once,
 * in a stable order, each naming key, value and what is allowed. A change of wording fails here
 * on purpose; update the golden text only when the new wording is meant.
 */
class ConfigMessagesGoldenTest {

  private static final List<String> FILE_WITH_MANY_PROBLEMS = List.of(
      "# the paper's file, edited by hand",
      "users=0",
      "sleep=abc",
      "tablenam=5",
      "tableinsertnumber=10",
      "tableselectnumber=10 # per table",
      "tableupdatenumber=10",
      "tabledeletenumber=0",
      "autocommit=yes",
      "users.mode=everyone",
      "db.type=h2",
      "db.url=jdbc:postgresql://db:5432/test?password=hunter2",
      "db.password=hunter2",
      "run.id=../x");

  private static final Map<String, String> OVERRIDES = Map.of("quota", "0");

  private static final String GOLDEN = String.join("\n",
      "15 problems in the configuration:",
      "  - db.password=***: passwords are not accepted in parameter files or on the command line;"
          + " allowed: db.password.env=<variable name> or db.password.file=<path>",
      "  - tablenam=5: unknown key; did you mean 'tablename'? allowed keys: workload, users, sleep, duration,"
          + " transactions, warmup, rate, rate.arrival, rate.backlog, rate.backlog.fail, rate.tolerance, rate.miss.fail, think.time,"
          + " think.time.distribution, retry.max, db.type, db.url, db.url.trusted, db.instance, db.user, db.password.env,"
          + " db.password.file, quota, users.mode, cleanup, table.prefix, user.prefix, owner, statement.timeout,"
          + " connect.timeout, reconnect.timeout, errors.max, report.interval, breakdown, breakdown.sample.rate, breakdown.kernel, results.dir, run.id, run.label, runs,"
          + " runs.setup, sweep.key, sweep.values,"
          + " tablename, tableinsertnumber, tableselectnumber,"
          + " tableupdatenumber, tabledeletenumber, repeat, autocommit, commit.interval, text.length",
      "  - users=0: out of range; allowed: a whole number from 1 to 10000",
      "  - sleep=abc: not a whole number; allowed: a whole number from 0 to 3600000",
      "  - quota=0: out of range; allowed: a whole number from 1 to 1048576",
      "  - users.mode=everyone: not an allowed value; allowed: one of auto, db-users, shared",
      "  - tablename: missing; required: a whole number from 1 to 1000"
          + " (Number of central tables (the paper's name for the key).)",
      "  - tableselectnumber=10 # per table: not a whole number (a .properties file has no inline comments:"
          + " put '#' comments on their own line); allowed: a whole number from 0 to 1000000",
      "  - autocommit=yes: not a boolean; allowed: true or false",
      "  - db.url=jdbc:postgresql://db:5432/test?password=***: carries a password (a password= setting), which the"
          + " driver would use for every login, each actor's own included, and which would be shown with errors;"
          + " allowed: a URL without a password, the password given by db.password.env=<variable> or"
          + " db.password.file=<path>",
      "  - db.url=jdbc:postgresql://db:5432/test?password=***: not a URL of db.type=h2;"
          + " allowed: a JDBC URL the h2 dialect accepts (this URL is postgresql's)",
      "  - db.password.env=NO_SUCH_VARIABLE: environment variable NO_SUCH_VARIABLE is not set;"
          + " allowed: the name of a set environment variable",
      "  - repeat: missing; required unless duration is set: a whole number from 1 to 1000000 (Number of cycles run"
          + " one after another.)",
      "  - tabledeletenumber=0: must be at least 1 when tableinsertnumber > 0, because each cycle's deletes"
          + " remove the rows it inserted; allowed: a whole number from 1 to 1000000, or 0 with repeat=1 (a load run that keeps its rows)",
      "  - run.id=../x: not a folder name; allowed: 1 to 100 ASCII letters, digits, '.', '_', '-' (not only dots)");

  @Test
  void everyProblemIsReportedAtOnceWithTheExactWording() {
    Map<String, String> overrides = new java.util.LinkedHashMap<>(OVERRIDES);
    overrides.put("db.password.env", "NO_SUCH_VARIABLE");

    ConfigException e = failure(() -> binder().bind(properties(FILE_WITH_MANY_PROBLEMS), overrides));

    assertThat(e.getMessage()).isEqualTo(GOLDEN);
  }

  @Test
  void noValueOfAPasswordAppearsAnywhereInTheReport() {
    ConfigException e = failure(() -> binder().bind(properties(FILE_WITH_MANY_PROBLEMS), OVERRIDES));

    assertThat(e.getMessage()).doesNotContain("hunter2");
    assertThat(e.violations()).allSatisfy(v -> assertThat(v.toString()).doesNotContain("hunter2"));
  }

  @Test
  void theViolationsCarryKeyAndValueSeparately() {
    ConfigException e = failure(() -> binder().bind(properties(FILE_WITH_MANY_PROBLEMS), OVERRIDES));

    assertThat(e.violations()).extracting(Violation::key).containsExactly(
        "db.password", "tablenam", "users", "sleep", "quota", "users.mode", "tablename", "tableselectnumber",
        "autocommit", "db.url", "db.url", "repeat", "tabledeletenumber", "run.id");
    assertThat(e.violations()).extracting(Violation::value).containsExactly(
        "***", "5", "0", "abc", "0", "everyone", null, "10 # per table", "yes",
        "jdbc:postgresql://db:5432/test?password=***", "jdbc:postgresql://db:5432/test?password=***", null, "0",
        "../x");
  }
}
