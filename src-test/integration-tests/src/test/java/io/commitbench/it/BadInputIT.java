package io.commitbench.it;

import static io.commitbench.it.support.ResultAssertions.assertCompleted;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargetExtension;
import io.commitbench.it.support.Db;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.Sentinel;
import io.commitbench.it.support.TestNames;
import io.commitbench.it.support.Workload;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input changes nothing, and secrets stay secret, against a real PostgreSQL (and MariaDB): a
 * parameter file with several problems is refused as a whole (exit code 2, every problem listed)
 * before the database is touched; a password handed over as {@code db.password.env} appears in
 * no result file and no output; one inside {@code db.url} is refused and shown masked.
 */
@ExtendWith(DatabaseTargetExtension.class)
class BadInputIT {

  /** Set by the module's failsafe configuration; the trusting local server ignores it. */
  private static final String DUMMY_VARIABLE = "COMMITBENCH_IT_DUMMY_PASSWORD";

  private static final Workload SHORT = new Workload(2, 0, 1, 5, 2);

  @Test
  void everyProblemIsListedAndTheDatabaseIsUntouched(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg,
      @TempDir Path tmp) throws Exception {
    TestNames names = TestNames.unique();
    Map<String, String> keys = new LinkedHashMap<>();
    keys.put("users", "abc");
    keys.put("tablenam", "5"); // misspelt; and so tablename is missing
    keys.put("tableinsertnumber", "10");
    keys.put("tableselectnumber", "10");
    keys.put("tableupdatenumber", "10");
    keys.put("tabledeletenumber", "10");
    keys.put("repeat", "0");
    keys.put("errors.max", "2 percent");
    // no sleep
    keys.put("table.prefix", names.tablePrefix());
    keys.put("user.prefix", names.userPrefix());
    Path file = Commitbench.writeParameterFile(tmp.resolve("bad.properties"), keys);
    Path results = tmp.resolve("results");

    try (Connection admin = pg.connect()) {
      Catalog catalog = new Catalog(pg.kind(), admin);
      try {
        // What a run would drop first as a "leftover" of an earlier run with the same prefix.
        Sentinel firstTable = Sentinel.create(pg.kind(), admin, names.tablePrefix() + "1");
        String before = firstTable.fingerprint();

        RunOutput run = Commitbench.run(file, results, "bad", pg.settings(tmp.resolve("secrets")));

        CliResult cli = run.cli();
        assertThat(cli.exitCode()).as(cli::describe).isEqualTo(2);
        List<String> errors = cli.err().lines().toList();
        assertThat(errors).as(cli::describe)
            .contains("error: 6 problems in the configuration:", "nothing was run and no database was contacted.")
            .anySatisfy(l -> assertThat(l).startsWith("  - tablenam=5: unknown key; did you mean 'tablename'?"))
            .anySatisfy(l -> assertThat(l).startsWith("  - users=abc: not a whole number"))
            .anySatisfy(l -> assertThat(l).startsWith("  - repeat=0: out of range"))
            .anySatisfy(l -> assertThat(l).startsWith("  - sleep: missing"))
            .anySatisfy(l -> assertThat(l).startsWith("  - tablename: missing"))
            .anySatisfy(l -> assertThat(l).startsWith("  - errors.max=2 percent: not a count or a share; allowed:"));
        assertThat(cli.out()).as("stdout of a refused run").isBlank();
        assertThat(results).as("results.dir of a refused run").doesNotExist();
        assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables with the test's prefix")
            .containsExactly(firstTable.table());
        assertThat(firstTable.fingerprint()).as("the pre-existing table %s", firstTable.table()).isEqualTo(before);
        assertThat(catalog.usersStartingWith(names.userPrefix())).as("users with the test's prefix").isEmpty();
      } finally {
        catalog.dropEverything(names);
      }
    }
  }

  @Test
  void passwordFromEnvironmentAppearsNowhere(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg, @TempDir Path tmp)
      throws Exception {
    String variable;
    if (pg.password().isEmpty()) {
      variable = DUMMY_VARIABLE;
    } else {
      Assumptions.assumeTrue(pg.passwordVariable() != null,
          "the PostgreSQL target's password is in no environment variable (" + pg + ")");
      variable = pg.passwordVariable();
    }
    String secret = System.getenv(variable);
    assertThat(secret).as("environment variable %s (set by failsafe's environmentVariables)", variable)
        .isNotNull().hasSizeGreaterThanOrEqualTo(8);

    Map<String, String> overrides = new LinkedHashMap<>();
    overrides.put("db.url", pg.url());
    overrides.put("db.user", pg.user());
    overrides.put("db.password.env", variable);
    RunOutput run = runShort(tmp, overrides);

    JsonNode summary = assertCompleted(run);
    assertThat(summary.path("config").path("db.password").asText()).isEqualTo("env " + variable);
    assertThat(summary.path("config").path("db.password.env").asText()).isEqualTo(variable);
    assertThat(run.file("config.properties")).contains("db.password=env " + variable);
    assertAppearsNowhere(secret, run);
  }

  /**
   * A password inside db.url is refused: it would be printed in the final
   * error line and used for every actor's login in place of its own. The jar exits 2 before it
   * contacts the database, shows the URL masked, names the two password sources, and the secret
   * is in no output.
   */
  @Test
  void aPasswordInsidePostgresqlsUrlIsRefusedInEachForm(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg,
      @TempDir Path tmp) throws Exception {
    String secret = urlSecret(pg);
    String host = pg.url().replaceFirst("^jdbc:postgresql://", "");
    assertRefused(pg, tmp, pg.url() + (pg.url().contains("?") ? "&" : "?") + "password=" + secret, secret,
        "a password= setting");
    assertRefused(pg, tmp, "jdbc:postgresql://" + pg.user() + ":" + secret + "@" + host, secret,
        "user:password@ before the host");
  }

  @Test
  void aPasswordInsideMariadbsUrlIsRefused(@Db(DatabaseKind.MARIADB) DatabaseTarget maria, @TempDir Path tmp)
      throws Exception {
    String secret = urlSecret(maria);
    assertRefused(maria, tmp, maria.url() + (maria.url().contains("?") ? "&" : "?") + "Password=" + secret, secret,
        "a password= setting");
  }

  private static String urlSecret(DatabaseTarget target) {
    String secret = target.password().isEmpty() ? System.getenv(DUMMY_VARIABLE) : target.password();
    assertThat(secret).as("environment variable %s (set by failsafe's environmentVariables)", DUMMY_VARIABLE)
        .isNotNull();
    return secret;
  }

  private static void assertRefused(DatabaseTarget target, Path tmp, String url, String secret, String where)
      throws Exception {
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("short.properties"), SHORT.keys());
    Path results = tmp.resolve("results");

    CliResult cli = Commitbench.jar(List.of("run", file.toString(), "--set", "results.dir=" + results,
        "--set", "db.url=" + url, "--set", "db.user=" + target.user(), "--set", "users.mode=db-users",
        "--set", "table.prefix=" + names.tablePrefix(), "--set", "user.prefix=" + names.userPrefix()));

    assertThat(cli.exitCode()).as(cli::describe).isEqualTo(2);
    assertThat(cli.err()).as(cli::describe).contains(": carries a password (" + where + ")",
        "allowed: a URL without a password, the password given by db.password.env=<variable> or"
            + " db.password.file=<path>", "nothing was run and no database was contacted.");
    assertThat(cli.err() + cli.out()).as("everything printed").doesNotContain(secret).contains("***");
    assertThat(cli.out()).as("stdout of a refused run").isBlank();
    assertThat(results).as("results.dir of a refused run").doesNotExist();
    try (Connection admin = target.connect()) {
      Catalog catalog = new Catalog(target.kind(), admin);
      assertThat(catalog.tablesStartingWith(names.token())).as("tables").isEmpty();
      assertThat(catalog.usersStartingWith(names.token())).as("users").isEmpty();
    }
  }

  private static RunOutput runShort(Path tmp, Map<String, String> database) throws Exception {
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("short.properties"), SHORT.keys());
    Map<String, String> overrides = new LinkedHashMap<>(database);
    overrides.put("table.prefix", names.tablePrefix());
    overrides.put("user.prefix", names.userPrefix());
    overrides.put("users.mode", "db-users");
    return Commitbench.run(file, tmp.resolve("results"), "secret", overrides);
  }

  /** Not in stdout, stderr, or any file of the result folder. */
  private static void assertAppearsNowhere(String secret, RunOutput run) throws Exception {
    assertThat(run.cli().out()).as("stdout").doesNotContain(secret);
    assertThat(run.cli().err()).as("stderr").doesNotContain(secret);
    List<Path> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(run.directory())) {
      walk.filter(Files::isRegularFile).forEach(files::add);
    }
    assertThat(files).extracting(f -> f.getFileName().toString())
        .contains("report.txt", "summary.json", "config.properties", "intervals.csv", "latency.hlog");
    for (Path f : files) {
      assertThat(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)).as("%s", f).doesNotContain(secret);
    }
  }
}
