package io.commitbench.it;

import static io.commitbench.it.support.ResultAssertions.assertCompletedWithErrors;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.IntervalsCsv;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestNames;
import io.commitbench.it.support.Workload;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The server restarts under a db-users run: a private PostgreSQL or MariaDB instance of the
 * test's own is stopped (PostgreSQL's fast shutdown, MariaDB's shutdown: every session, the run's
 * admin session among them, is ended) and started again while the actors work. The actors
 * reconnect; so must the run's admin connection, for the server's counters at the end and for
 * the cleanup, which a broken admin connection would lose (the counter block gone, the tables
 * and LOGIN roles left behind). The run must exit 3 (the lost statements), its report must say
 * the admin connection was re-established, the counters must have been read, and no table or
 * role of the run may be left on the server.
 */
class AdminAfterRestartIT {

  /** Long enough (several seconds) that the restart lands well before the last cycle. */
  private static final Workload WORKLOAD = new Workload(4, 0, 2, 100, 25);

  private static final Duration RUN_WAIT = Duration.ofSeconds(150);

  @ParameterizedTest(name = "{0}: the private server restarts under a db-users run")
  @ValueSource(strings = {"postgresql", "mariadb"})
  void aRestartedServerGivesTheRunItsAdminConnectionBackForCountersAndCleanup(String kind, @TempDir Path tmp)
      throws Exception {
    InstanceItSupport.requirements(kind);
    DatabaseKind dbKind = kind.equals("postgresql") ? DatabaseKind.POSTGRESQL : DatabaseKind.MARIADB;
    String superuser = kind.equals("postgresql") ? "postgres" : "root";
    Path base = InstanceItSupport.base("admin-restart-it-");
    ManagedInstance instance = null;
    ExecutorService runner = Executors.newSingleThreadExecutor(r -> new Thread(r, "commitbench-run"));
    TestNames names = TestNames.unique();
    try {
      instance = ManagedInstance.create(kind, base.resolve("inst"), base.resolve("inst/data"),
          base.resolve("log"), 0, Optional.empty(), ProcessCommandRunner.standard());
      String url = instance.engine().jdbcUrl(instance.descriptor());
      Path file = Commitbench.writeParameterFile(tmp.resolve("long.properties"), WORKLOAD.keys());
      Map<String, String> overrides = Map.of("db.url", url, "db.user", superuser, "users.mode", "db-users",
          "table.prefix", names.tablePrefix(), "user.prefix", names.userPrefix(), "reconnect.timeout", "60",
          "errors.max", "100%");
      Path directory = tmp.resolve("results").resolve("restart");
      Future<RunOutput> running = runner.submit(() -> Commitbench.run(file, tmp.resolve("results"), "restart",
          overrides));
      IntervalsCsv.awaitRows(directory.resolve("intervals.csv"), 1, running);

      long began = System.nanoTime();
      assertThat(instance.stop()).as("fast shutdown of the private server").isTrue();
      assertThat(running.isDone()).as("the run outlives the server's stop").isFalse();
      assertThat(instance.start()).as("start of the private server").isTrue();
      System.out.printf("%srestarted the private %s in %.1f s%n", DatabaseTargets.LOG_PREFIX, kind,
          (System.nanoTime() - began) / 1e9);
      RunOutput run = running.get(RUN_WAIT.toSeconds(), TimeUnit.SECONDS);

      JsonNode totals = assertCompletedWithErrors(run).path("totals");
      long lost = totals.path("errorsByClass").path("connection_lost").asLong();
      assertThat(lost).as("connection_lost errors\n%s", run.report()).isPositive();
      assertThat(totals.path("errors").asLong()).as("errors: all of them connection_lost\n%s", run.report())
          .isEqualTo(lost);
      assertThat(run.report()).as(run::describe)
          .contains("the admin connection broke during the run and was re-established")
          .doesNotContain("could not read the server's counters")
          .doesNotContain("the cleanup left");
      try (Connection admin = DriverManager.getConnection(url, superuser, "")) {
        Catalog catalog = new Catalog(dbKind, admin);
        assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables after the run").isEmpty();
        assertThat(catalog.usersStartingWith(names.userPrefix())).as("roles after the run").isEmpty();
      }
    } finally {
      runner.shutdownNow();
      runner.awaitTermination(RUN_WAIT.toSeconds(), TimeUnit.SECONDS);
      if (instance != null) {
        InstanceItSupport.quietly(instance::destroy);
      }
      InstanceItSupport.deleteTree(base);
    }
  }
}
