package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.RunControl;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.measure.TypeTotals;
import io.commitbench.core.workload.TransactionContext;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Errors a workload ignores, against a real embedded H2 database whose {@code SELECT 1 / 0} fails
 * with SQLState 22012: the transaction is rolled back and started again, each such error counted
 * as ignored and by its class, never as an error or a retry, and the transaction counted once
 * when it succeeds. What the workload does not ignore is still an error.
 */
class IgnoredErrorsTest {

  private static final long MS = 1_000_000L;
  private static final int TRANSACTIONS = 4;
  private static final String DIVISION_BY_ZERO = "22012";
  private static final Predicate<SQLException> IGNORES_DIVISION_BY_ZERO =
      e -> DIVISION_BY_ZERO.equals(e.getSQLState());

  private final H2ActorFixture fixture = new H2ActorFixture();

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void anIgnoredErrorRestartsTheTransactionAndIsCountedApartFromErrorsAndRetries() throws Exception {
    FailingFirstAttempts work = new FailingFirstAttempts(3);

    RunTotals totals = run(work, new WorkloadActor.Retries(0, ErrorClass.CONFLICTS, IGNORES_DIVISION_BY_ZERO));

    TypeTotals type = totals.types().get(0);
    assertThat(type.count()).as("each transaction counted once, when it succeeded").isEqualTo(TRANSACTIONS);
    assertThat(type.errorCount()).isZero();
    assertThat(type.retries()).as("restarts use no retry").isZero();
    assertThat(type.ignored()).containsExactly(Map.entry(ErrorClass.OTHER, 3L * TRANSACTIONS));
    assertThat(totals.ignored()).isEqualTo(3L * TRANSACTIONS);
    assertThat(totals.errors()).as("an ignored failure is no failed statement").isZero();
    assertThat(totals.kind(OperationKind.SELECT).count()).as("the statements of the attempt that succeeded")
        .isEqualTo(TRANSACTIONS);
    assertThat(work.attempts).isEqualTo(4 * TRANSACTIONS);
  }

  @Test
  void anErrorTheWorkloadDoesNotIgnoreIsAnErrorAndEndsTheTransaction() throws Exception {
    FailingFirstAttempts work = new FailingFirstAttempts(Long.MAX_VALUE - 1);

    RunTotals totals = run(work, WorkloadActor.Retries.none());

    TypeTotals type = totals.types().get(0);
    assertThat(type.count()).isZero();
    assertThat(type.errors()).containsExactly(Map.entry(ErrorClass.OTHER, (long) TRANSACTIONS));
    assertThat(totals.errors()).isEqualTo(TRANSACTIONS);
    assertThat(totals.ignored()).isZero();
    assertThat(work.attempts).as("no attempt started again").isEqualTo(TRANSACTIONS);
  }

  @Test
  void aTransactionThatKeepsFailingIsAnErrorAfterTheRestartBound() throws Exception {
    FailingFirstAttempts work = new FailingFirstAttempts(Long.MAX_VALUE - 1);

    RunTotals totals = run(work, new WorkloadActor.Retries(0, ErrorClass.CONFLICTS, IGNORES_DIVISION_BY_ZERO));

    TypeTotals type = totals.types().get(0);
    assertThat(type.count()).isZero();
    assertThat(type.ignoredCount()).isEqualTo((long) WorkloadActor.IGNORED_RESTARTS_MAX * TRANSACTIONS);
    assertThat(type.errors()).as("the failure after the last restart")
        .containsExactly(Map.entry(ErrorClass.OTHER, (long) TRANSACTIONS));
  }

  @Test
  void afterAStopAnIgnoredErrorAbandonsTheTransactionWithoutAnError() throws Exception {
    StopSignal stop = fixture.stop();
    FailingFirstAttempts work = new FailingFirstAttempts(Long.MAX_VALUE - 1) {
      @Override
      public void execute(int type, TransactionContext tx) throws Exception {
        if (attempts == 2) {
          stop.request("test");
        }
        super.execute(type, tx);
      }
    };

    RunTotals totals = run(work, new WorkloadActor.Retries(0, ErrorClass.CONFLICTS, IGNORES_DIVISION_BY_ZERO));

    TypeTotals type = totals.types().get(0);
    assertThat(type.count()).isZero();
    assertThat(type.errorCount()).as("abandoned at the stop, not failed").isZero();
    assertThat(type.ignoredCount()).isEqualTo(3);
  }

  private RunTotals run(FailingFirstAttempts work, WorkloadActor.Retries retries) throws Exception {
    Measurements measurements = Measurements.forActors(1, List.of("divide"));
    RunControl closedLoop = new RunControl(0, TRANSACTIONS, 0, 0, false, 10, false, 0, false, 0, 5, false);
    WorkloadActor actor = fixture.actor(measurements, work, closedLoop, new WorkloadActor.Backlog(10_000 * MS, false),
        retries);
    return H2ActorFixture.runOneCycle(actor, measurements);
  }

  /**
   * {@code SELECT 1 / 0} in {@code failures} attempts in a row, then {@code SELECT 1} in the next one,
   * and so on: restarted after each failure, a transaction succeeds in its attempt {@code failures + 1}.
   */
  private static class FailingFirstAttempts extends SelectOneWork {
    private final long failures;
    private PreparedStatement divide;
    int attempts;

    FailingFirstAttempts(long failures) {
      this.failures = failures;
    }

    @Override
    public void prepare(StatementPreparer preparer) throws SQLException {
      super.prepare(preparer);
      divide = preparer.prepare("SELECT 1 / ?");
      divide.setInt(1, 0);
    }

    @Override
    public void execute(int type, TransactionContext tx) throws Exception {
      attempts++;
      if (attempts % (failures + 1) != 0) {
        tx.query(OperationKind.SELECT, divide);
      }
      selectOne(tx);
    }
  }
}
