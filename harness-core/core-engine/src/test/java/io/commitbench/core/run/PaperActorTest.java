package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.commitbench.core.config.RunControl;
import io.commitbench.core.measure.IntervalSampler;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.Phase;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.WorkloadSettings;
import io.commitbench.core.workload.paper.PaperWorkload;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The paper's workload run by the engine's actor against a real embedded H2 database, with the
 * statement order recorded.
 */
class PaperActorTest {

  private static final List<String> TABLES = List.of("cb_table_1", "cb_table_2");

  private JdbcDataSource database;
  private Connection keepAlive;
  private HikariDataSource pool;

  @BeforeEach
  void createTables() throws Exception {
    database = new JdbcDataSource();
    database.setURL("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    keepAlive = database.getConnection();
    try (Statement statement = keepAlive.createStatement()) {
      for (String table : TABLES) {
        statement.execute("CREATE TABLE " + table + " (num_attr BIGINT NOT NULL, text_attr VARCHAR(8), text2_attr VARCHAR(8))");
        statement.execute("CREATE UNIQUE INDEX " + table + "_num_ix ON " + table + " (num_attr)");
      }
    }
  }

  @AfterEach
  void dropDatabase() throws Exception {
    if (pool != null) {
      pool.close();
    }
    keepAlive.close();
  }

  /** The paper's workload as a run binds it, over the two tables made here. */
  private static BoundWorkload paper(int inserts, int selects, int updates, int deletes, boolean autocommit,
      int commitInterval) {
    return new PaperWorkload().bind(new WorkloadSettings(Map.ofEntries(Map.entry("users", 1L), Map.entry("sleep", 0L),
        Map.entry("tablename", 2L), Map.entry("tableinsertnumber", (long) inserts),
        Map.entry("tableselectnumber", (long) selects), Map.entry("tableupdatenumber", (long) updates),
        Map.entry("tabledeletenumber", (long) deletes), Map.entry("repeat", 2L), Map.entry("autocommit", autocommit),
        Map.entry("commit.interval", (long) commitInterval), Map.entry("text.length", 8L))));
  }

  private static Measurements measurementsFor(BoundWorkload workload) {
    return Measurements.forActors(1, workload.transactionTypes());
  }

  private WorkloadActor actor(StatementRecorder recorder, BoundWorkload workload, Measurements measurements)
      throws Exception {
    HikariConfig config = new HikariConfig();
    config.setDataSource(recorder);
    config.setAutoCommit(workload.autocommit());
    config.setMaximumPoolSize(1);
    pool = new HikariDataSource(config);
    ClassifyingTestDialect dialect = new ClassifyingTestDialect();
    List<SchemaTable> tables = workload.tables(new SchemaNaming(dialect, "", "cb_table_"));
    assertThat(tables).extracting(t -> t.spec().name()).containsExactlyElementsOf(TABLES);
    ActorWork work = workload.newActor(0, tables, dialect);
    ActorSession session = new ActorSession("sa", pool, work, 10, 1, List.of(), new StopSignal(), e -> false, new CallWatch("actor 1"));
    return new WorkloadActor(work, session, dialect, measurements.newActorRecorder(), workload.autocommit(),
        Pacing.of(RunControl.counted(), 0, 1), new WorkloadActor.Backlog(Long.MAX_VALUE, false),
        TransactionBudget.unlimited(), WorkloadActor.Retries.none(), new StopSignal());
  }

  private static IntervalSampler sampler(Measurements measurements) {
    return new IntervalSampler(measurements, System.nanoTime(), System.currentTimeMillis(), 1_000_000_000L,
        Phase.MEASURED);
  }

  @Test
  void insertsThenSelectsThenUpdatesThenDeletesEachOverEveryTableInTurn() throws Exception {
    StatementRecorder recorder = new StatementRecorder(database);
    BoundWorkload workload = paper(3, 2, 2, 3, true, 1);
    Measurements measurements = measurementsFor(workload);
    WorkloadActor actor = actor(recorder, workload, measurements);

    actor.open();
    var times = actor.runCycle(1);
    actor.close();

    List<String> expected = new ArrayList<>();
    for (String verb : List.of("INSERT", "SELECT", "UPDATE", "DELETE")) {
      int count = switch (verb) {
        case "INSERT", "DELETE" -> 3;
        default -> 2;
      };
      for (String table : TABLES) {
        expected.addAll(Collections.nCopies(count, verb + " " + table));
      }
    }
    assertThat(recorder.events).containsExactlyElementsOf(expected);
    assertThat(times.cycle()).isEqualTo(1);
    assertThat(times.actor()).isEqualTo(1);
    assertThat(times.actorNanos()).isGreaterThanOrEqualTo(
        times.insertNanos() + times.selectNanos() + times.updateNanos() + times.deleteNanos());
    assertThat(rowsLeft()).as("a finished cycle leaves the tables as they were").isZero();
  }

  @Test
  void withAutocommitOffACommitFollowsEveryIntervalAndEndsEveryPhase() throws Exception {
    StatementRecorder recorder = new StatementRecorder(database);
    BoundWorkload workload = paper(3, 1, 1, 3, false, 4);
    Measurements measurements = measurementsFor(workload);
    IntervalSampler sampler = sampler(measurements);
    WorkloadActor actor = actor(recorder, workload, measurements);

    actor.open();
    actor.runCycle(1);
    actor.close();

    assertThat(recorder.events).containsExactly(
        "INSERT cb_table_1", "INSERT cb_table_1", "INSERT cb_table_1", "INSERT cb_table_2", "COMMIT",
        "INSERT cb_table_2", "INSERT cb_table_2", "COMMIT",
        "SELECT cb_table_1", "SELECT cb_table_2", "COMMIT",
        "UPDATE cb_table_1", "UPDATE cb_table_2", "COMMIT",
        "DELETE cb_table_1", "DELETE cb_table_1", "DELETE cb_table_1", "DELETE cb_table_2", "COMMIT",
        "DELETE cb_table_2", "DELETE cb_table_2", "COMMIT");
    sampler.sample(System.nanoTime(), new DiscardingSink());
    RunTotals totals = sampler.totals();
    assertThat(totals.kind(OperationKind.COMMIT).count()).isEqualTo(6);
    assertThat(totals.transactions()).isEqualTo(6);
    assertThat(totals.kind(OperationKind.INSERT).count()).isEqualTo(6);
    assertThat(totals.errors()).isZero();
    assertThat(rowsLeft()).isZero();
  }

  @Test
  void aFailedStatementIsCountedByClassAndTheActorGoesOn() throws Exception {
    try (Statement statement = keepAlive.createStatement()) {
      // Another session's row on the actor's first key: the actor's first insert collides.
      statement.execute("INSERT INTO cb_table_1 (num_attr) VALUES (0)");
    }
    StatementRecorder recorder = new StatementRecorder(database);
    BoundWorkload workload = paper(3, 2, 2, 3, true, 1);
    Measurements measurements = measurementsFor(workload);
    IntervalSampler sampler = sampler(measurements);
    WorkloadActor actor = actor(recorder, workload, measurements);

    actor.open();
    actor.runCycle(1);
    actor.close();
    sampler.sample(System.nanoTime(), new DiscardingSink());
    RunTotals totals = sampler.totals();

    assertThat(totals.kind(OperationKind.INSERT).count()).isEqualTo(5);
    assertThat(totals.kind(OperationKind.INSERT).errors())
        .containsExactlyEntriesOf(Map.of(io.commitbench.core.dialect.ErrorClass.CONSTRAINT_VIOLATION, 1L));
    assertThat(totals.transactionErrors()).as("the statement was its transaction").isEqualTo(1);
    assertThat(recorder.events).filteredOn(e -> e.startsWith("DELETE")).hasSize(6);
    assertThat(rowsLeft()).as("the actor's range deletes removed the foreign row on its key too").isZero();
  }

  @Test
  void afterAFailedDeleteTheActorRemovesItsLeftoverRowsSoTheNextCycleDoesNotCollide() throws Exception {
    try (Statement statement = keepAlive.createStatement()) {
      statement.execute("CREATE TRIGGER fail_first_delete BEFORE DELETE ON cb_table_2 FOR EACH ROW CALL \""
          + FailFirstDeleteTrigger.class.getName() + "\"");
    }
    FailFirstDeleteTrigger.ARMED.set(true);
    StatementRecorder recorder = new StatementRecorder(database);
    BoundWorkload workload = paper(3, 1, 1, 3, true, 1);
    Measurements measurements = measurementsFor(workload);
    IntervalSampler sampler = sampler(measurements);
    WorkloadActor actor = actor(recorder, workload, measurements);

    actor.open();
    actor.runCycle(1);
    long leftAfterFirstCycle = rowsLeft();
    actor.runCycle(2);
    actor.close();
    sampler.sample(System.nanoTime(), new DiscardingSink());
    RunTotals totals = sampler.totals();

    assertThat(FailFirstDeleteTrigger.ARMED).isFalse();
    assertThat(totals.kind(OperationKind.DELETE).errorCount()).as("the refused delete is counted once").isEqualTo(1);
    assertThat(totals.kind(OperationKind.DELETE).count() + totals.kind(OperationKind.DELETE).errorCount())
        .as("the repair is not counted as workload").isEqualTo(12);
    assertThat(leftAfterFirstCycle).as("the failed cycle still ends with the tables as they were").isZero();
    assertThat(totals.kind(OperationKind.INSERT).errorCount()).as("cycle 2's inserts do not collide").isZero();
    assertThat(rowsLeft()).isZero();
  }

  private long rowsLeft() throws Exception {
    long rows = 0;
    try (Statement statement = keepAlive.createStatement()) {
      for (String table : TABLES) {
        try (ResultSet result = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
          result.next();
          rows += result.getLong(1);
        }
      }
    }
    return rows;
  }
}
