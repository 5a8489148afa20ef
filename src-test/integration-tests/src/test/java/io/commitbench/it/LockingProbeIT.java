package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargetExtension;
import io.commitbench.it.support.Db;
import io.commitbench.it.support.Sentinel;
import io.commitbench.it.support.TestNames;
import io.commitbench.it.support.Workload;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code commitbench probe locking} with the shaded jar against H2, the local PostgreSQL and the
 * local MariaDB: the deadlock is found with each dialect's class and code, by
 * the session the product's detector picks; under READ COMMITTED the second writer of a row waits
 * as long as the first holds its lock, then updates; PostgreSQL's REPEATABLE READ and
 * SERIALIZABLE fail it with 40001 once the first commits; a lock wait longer than the bound ends
 * with the lock timeout's code; the probe's table is gone afterwards, and a taken name or bad
 * option changes nothing.
 *
 * <p>Each test passes its own {@link TestNames} prefix (the table is {@code <token>_tlock}) and
 * drops whatever starts with the token at the end, so it touches nothing else.
 */
@ExtendWith(DatabaseTargetExtension.class)
class LockingProbeIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  /** A run's keys, which every parameter file has; the probe checks them and uses none. */
  private static final Workload WORKLOAD = new Workload(1, 0, 1, 1, 1);
  /** S1's hold in same-row: long enough to tell a wait from a busy machine's stall. */
  private static final long HOLD_MILLIS = 1500;
  /** How late S2 may end after S1's commit returned on a busy small machine, and how early (S2 learns first). */
  private static final long LATE_MILLIS = 1000;
  private static final long EARLY_MILLIS = 200;

  @Test
  void postgresqlFindsTheDeadlockInTheFirstWaiterAfterDeadlockTimeoutWith40P01(
      @Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg, @TempDir Path tmp) throws Exception {
    JsonNode probe = probe(pg, tmp, "--scenario", "deadlock");

    long deadlockTimeout = deadlockTimeoutMillis(probe);
    assertThat(rows(probe)).extracting(r -> r.path("isolation").asText())
        .containsExactly("READ COMMITTED", "REPEATABLE READ", "SERIALIZABLE");
    assertThat(rows(probe)).allSatisfy(r -> {
      assertThat(r.path("outcome").asText()).as("%s", r).isEqualTo("deadlock_detected");
      assertThat(r.path("errorClass").asText()).as("%s", r).isEqualTo("deadlock");
      assertThat(r.path("code").asText()).as("%s", r).isEqualTo("40P01");
      // S1 began waiting first, so its deadlock_timeout runs out first and it is the one that looks.
      assertThat(r.path("session").asText()).as("%s", r).isEqualTo("S1");
      assertThat(r.path("waitedMillis").asLong()).as("%s", r).isGreaterThanOrEqualTo(deadlockTimeout);
      assertThat(r.path("waitSeen").asText()).as("%s", r).isEqualTo("lock_view");
    });
  }

  @Test
  void mariadbFindsTheDeadlockAtOnceInTheSessionClosingTheCycleWith1213(
      @Db(DatabaseKind.MARIADB) DatabaseTarget mariadb, @TempDir Path tmp) throws Exception {
    JsonNode probe = probe(mariadb, tmp, "--scenario", "deadlock");

    assertThat(rows(probe)).hasSize(3).allSatisfy(r -> {
      assertThat(r.path("outcome").asText()).as("%s", r).isEqualTo("deadlock_detected");
      assertThat(r.path("errorClass").asText()).as("%s", r).isEqualTo("deadlock");
      assertThat(r.path("code").asText()).as("%s", r).isEqualTo("1213");
      assertThat(r.path("session").asText()).as("%s", r).isEqualTo("S2");
      // At once: far below the 5 s lock wait bound that would otherwise have ended it (1205).
      assertThat(r.path("afterMillis").asLong()).as("%s", r).isLessThan(1000);
      assertThat(r.path("waitSeen").asText()).as("%s", r).isEqualTo("lock_view");
    });
  }

  @Test
  void h2FindsTheDeadlockInTheSessionClosingTheCycleWithItsCode40001(@TempDir Path tmp) throws Exception {
    JsonNode probe = probe(DatabaseTarget.h2(tmp.resolve("h2")), tmp, "--scenario", "deadlock");

    assertThat(rows(probe)).hasSize(3).allSatisfy(r -> {
      assertThat(r.path("outcome").asText()).as("%s", r).isEqualTo("deadlock_detected");
      assertThat(r.path("code").asText()).as("%s", r).isEqualTo("40001");
      assertThat(r.path("session").asText()).as("%s", r).isEqualTo("S2");
      assertThat(r.path("afterMillis").asLong()).as("%s", r).isLessThan(1000);
    });
  }

  @Test
  void underReadCommittedTheSecondWriterOfARowWaitsUntilTheFirstCommitsOnPostgresql(
      @Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg, @TempDir Path tmp) throws Exception {
    secondWriterWaitsForTheFirstsCommit(pg, tmp);
  }

  @Test
  void underReadCommittedTheSecondWriterOfARowWaitsUntilTheFirstCommitsOnMariadb(
      @Db(DatabaseKind.MARIADB) DatabaseTarget mariadb, @TempDir Path tmp) throws Exception {
    secondWriterWaitsForTheFirstsCommit(mariadb, tmp);
  }

  @Test
  void underReadCommittedTheSecondWriterOfARowWaitsUntilTheFirstCommitsOnH2(@TempDir Path tmp) throws Exception {
    secondWriterWaitsForTheFirstsCommit(DatabaseTarget.h2(tmp.resolve("h2")), tmp);
  }

  @Test
  void postgresqlRepeatableReadAndSerializableFailTheSecondWriterWith40001OnceTheFirstCommits(
      @Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg, @TempDir Path tmp) throws Exception {
    JsonNode probe = probe(pg, tmp, "--scenario", "same-row", "--isolation", "repeatable-read,serializable",
        "--hold", Long.toString(HOLD_MILLIS));

    assertThat(rows(probe)).hasSize(2).allSatisfy(r -> {
      assertThat(r.path("outcome").asText()).as("%s", r).isEqualTo("waited_then_failed");
      assertThat(r.path("errorClass").asText()).as("%s", r).isEqualTo("serialization_failure");
      assertThat(r.path("code").asText()).as("%s", r).isEqualTo("40001");
      assertThat(r.path("waitedMillis").asLong()).as("%s", r).isGreaterThanOrEqualTo(HOLD_MILLIS);
      assertThat(r.path("afterMillis").asLong()).as("after the first commits: %s", r)
          .isBetween(-EARLY_MILLIS, LATE_MILLIS);
    });
  }

  @Test
  void aWaitLongerThanTheBoundEndsWithMariadbsLockWaitTimeout1205(@Db(DatabaseKind.MARIADB) DatabaseTarget mariadb,
      @TempDir Path tmp) throws Exception {
    JsonNode probe = probe(mariadb, tmp, "--scenario", "same-row", "--isolation", "read-committed",
        "--lock-timeout", "1", "--hold", "4000");

    JsonNode row = rows(probe).get(0);
    assertThat(row.path("outcome").asText()).as("%s", row).isEqualTo("waited_then_failed");
    assertThat(row.path("errorClass").asText()).as("%s", row).isEqualTo("lock_timeout");
    assertThat(row.path("code").asText()).as("%s", row).isEqualTo("1205");
    assertThat(row.path("waitedMillis").asLong()).as("about the 1 s bound: %s", row).isBetween(900L, 2500L);
    assertThat(row.path("afterMillis").asLong()).as("before S1 committed: %s", row).isNegative();
    assertThat(probe.path("databases").get(0).path("lockBound").get(0).asText())
        .isEqualTo("SET SESSION innodb_lock_wait_timeout = 1");
  }

  /**
   * With {@code innodb_snapshot_isolation} on for the session (MariaDB 10.6.18 and later), the
   * second writer under SERIALIZABLE fails with 1020, "record has changed since last read", once
   * the first commits. (Under REPEATABLE READ it updated: its first statement, the UPDATE, is a
   * locking read, which makes no snapshot to conflict with; seen on 10.11.)
   */
  @Test
  void mariadbWithSnapshotIsolationFailsTheSecondWriterWithRecordHasChanged1020(
      @Db(DatabaseKind.MARIADB) DatabaseTarget mariadb, @TempDir Path tmp) throws Exception {
    try (Connection admin = mariadb.connect(); java.sql.Statement st = admin.createStatement();
        java.sql.ResultSet rs = st.executeQuery("SHOW VARIABLES LIKE 'innodb_snapshot_isolation'")) {
      Assumptions.assumeTrue(rs.next(), "this MariaDB has no innodb_snapshot_isolation (before 10.6.18)");
    }
    JsonNode probe = probe(mariadb, tmp, "--scenario", "same-row", "--isolation", "serializable",
        "--session-sql", "SET SESSION innodb_snapshot_isolation=ON");

    JsonNode row = rows(probe).get(0);
    assertThat(row.path("outcome").asText()).as("%s", row).isEqualTo("waited_then_failed");
    assertThat(row.path("code").asText()).as("%s", row).isEqualTo("1020");
    assertThat(row.path("errorClass").asText()).as("%s", row).isEqualTo("serialization_failure");
    assertThat(row.path("message").asText()).as("%s", row).contains("Record has changed since last read");
    assertThat(probe.path("sessionSql").get(0).asText()).isEqualTo("SET SESSION innodb_snapshot_isolation=ON");
  }

  @Test
  void withoutATablePrefixTheTableIsInTheRunsOwnNamespaceAndGoneAfterwards(
      @Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg, @TempDir Path tmp) throws Exception {
    Map<String, String> keys = new LinkedHashMap<>(WORKLOAD.keys());
    keys.putAll(pg.settings(tmp.resolve("secrets")));
    Path file = Commitbench.writeParameterFile(tmp.resolve("probe.properties"), keys);
    CliResult cli = Commitbench.jar(List.of("probe", "locking", file.toString(), "--scenario", "same-row",
        "--isolation", "read-committed", "--hold", "200", "--format", "json"));
    assertThat(cli.exitCode()).as(cli::describe).isZero();
    String table = JSON.readTree(cli.out()).path("databases").get(0).path("table").asText();
    String name = table.substring(table.indexOf('.') + 1);
    assertThat(name).as(cli::describe).matches("cb_[a-z0-9]+_[a-z0-9]{4}_lock");
    try (Connection admin = pg.connect()) {
      assertThat(new Catalog(pg.kind(), admin).tablesStartingWith(name)).as("the probe's table afterwards").isEmpty();
    }
  }

  @Test
  void aTakenTableNameIsRefusedAndLeftAsItWas(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg, @TempDir Path tmp)
      throws Exception {
    TestNames names = TestNames.unique();
    try (Connection admin = pg.connect()) {
      Catalog catalog = new Catalog(pg.kind(), admin);
      try {
        Sentinel taken = Sentinel.create(pg.kind(), admin, names.tablePrefix() + "lock");
        String before = taken.fingerprint();

        CliResult cli = Commitbench.jar(args(pg, tmp, names));

        assertThat(cli.exitCode()).as(cli::describe).isEqualTo(2);
        assertThat(cli.err()).as(cli::describe).contains("error: refused:").contains(names.tablePrefix() + "lock")
            .contains("not created by commitbench");
        assertThat(taken.fingerprint()).as("the taken table").isEqualTo(before);
      } finally {
        catalog.dropEverything(names);
      }
    }
  }

  @Test
  void anUnknownIsolationLevelOrScenarioIsBadInputNamingWhatIsAllowedAndCreatesNothing(
      @Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg, @TempDir Path tmp) throws Exception {
    TestNames names = TestNames.unique();
    List<String> args = args(pg, tmp, names);
    args.addAll(List.of("--isolation", "read-committed,snapshot", "--scenario", "livelock"));

    CliResult cli = Commitbench.execute(args);

    assertThat(cli.exitCode()).as(cli::describe).isEqualTo(2);
    assertThat(cli.err()).as(cli::describe)
        .contains("error: --isolation snapshot: unknown; allowed: read-committed, repeatable-read, serializable")
        .contains("error: --scenario livelock: unknown; allowed: deadlock, same-row")
        .contains("nothing was created");
    try (Connection admin = pg.connect()) {
      assertThat(new Catalog(pg.kind(), admin).tablesStartingWith(names.token())).isEmpty();
    }
  }

  /** S1 holds its lock {@link #HOLD_MILLIS} after S2 is seen waiting; S2 ends when S1's commit does. */
  private static void secondWriterWaitsForTheFirstsCommit(DatabaseTarget target, Path tmp) throws Exception {
    JsonNode probe = probe(target, tmp, "--scenario", "same-row", "--isolation", "read-committed",
        "--hold", Long.toString(HOLD_MILLIS));

    JsonNode row = rows(probe).get(0);
    assertThat(row.path("outcome").asText()).as("%s", row).isEqualTo("waited_then_updated");
    assertThat(row.path("errorClass").isNull()).as("%s", row).isTrue();
    assertThat(row.path("waitSeen").asText()).as("%s", row).isEqualTo("lock_view");
    assertThat(row.path("waitedMillis").asLong()).as("S2 waits at least the hold: %s", row)
        .isGreaterThanOrEqualTo(HOLD_MILLIS);
    assertThat(row.path("afterMillis").asLong()).as("S2 goes on when S1's commit ends: %s", row)
        .isBetween(-EARLY_MILLIS, LATE_MILLIS);
  }

  /**
   * Runs the probe with the jar under a fresh {@link TestNames} prefix, asserts it succeeded and
   * left no table with the prefix, and returns its JSON. The test's own connection opens only
   * after the jar has ended: an embedded H2 file takes one process at a time.
   */
  private static JsonNode probe(DatabaseTarget target, Path tmp, String... options) throws Exception {
    TestNames names = TestNames.unique();
    List<String> args = args(target, tmp, names);
    args.addAll(List.of(options));
    args.addAll(List.of("--format", "json"));
    CliResult cli = Commitbench.jar(args);
    List<String> left;
    try (Connection admin = target.connect()) {
      Catalog catalog = new Catalog(target.kind(), admin);
      left = catalog.tablesStartingWith(names.token());
      catalog.dropEverything(names);
    }
    assertThat(cli.exitCode()).as(cli::describe).isZero();
    assertThat(left).as("the probe's table afterwards").isEmpty();
    return JSON.readTree(cli.out());
  }

  private static List<String> args(DatabaseTarget target, Path tmp, TestNames names) throws Exception {
    Map<String, String> keys = new LinkedHashMap<>(WORKLOAD.keys());
    keys.putAll(target.settings(tmp.resolve("secrets")));
    keys.put("table.prefix", names.tablePrefix());
    keys.put("user.prefix", names.userPrefix());
    Path file = Commitbench.writeParameterFile(tmp.resolve(names.token() + ".properties"), keys);
    return new ArrayList<>(List.of("probe", "locking", file.toString()));
  }

  private static List<JsonNode> rows(JsonNode probe) {
    return StreamSupport.stream(probe.path("rows").spliterator(), false).toList();
  }

  /** PostgreSQL's deadlock_timeout as the probe read it ({@code deadlock_timeout=1000ms}). */
  private static long deadlockTimeoutMillis(JsonNode probe) {
    for (JsonNode setting : probe.path("databases").get(0).path("serverSettings")) {
      if (setting.asText().startsWith("deadlock_timeout=")) {
        return Long.parseLong(setting.asText().replaceAll("\\D", ""));
      }
    }
    throw new AssertionError("no deadlock_timeout among the server settings: " + probe.path("databases"));
  }
}
