package io.commitbench.core.probe;

import static io.commitbench.core.probe.ProbeSteps.DEADLOCK_1213;
import static io.commitbench.core.probe.ProbeSteps.SERIALIZATION_40001;
import static io.commitbench.core.probe.ProbeSteps.TIMEOUT_1205;
import static io.commitbench.core.probe.ProbeSteps.failed;
import static io.commitbench.core.probe.ProbeSteps.nanos;
import static io.commitbench.core.probe.ProbeSteps.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.IsolationLevel;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class LockOutcomesTest {

  private static final IsolationLevel RC = IsolationLevel.READ_COMMITTED;
  private static final IsolationLevel RR = IsolationLevel.REPEATABLE_READ;
  /** Classified OTHER by the test dialect: its code is the SQLState, as PostgreSQL's are. */
  private static final SQLException DEADLOCK_40P01 = new SQLException("ERROR: deadlock detected", "40P01", 0);

  private final LockOutcomes outcomes = new LockOutcomes(new ProbeSteps.CodeDialect(), "codes 1.0");

  @Test
  void theSessionClosingTheCycleFailingAtOnceIsADeadlockDetectedAtOnceByIt() {
    // S1 blocked at 100 ms, S2 closed the cycle at 300 ms and failed 2 ms later; S1 then went on.
    ProbeRow row = outcomes.deadlock(RC, WaitSeen.LOCK_VIEW, ok(100, 303), failed(300, 302, DEADLOCK_1213));

    assertThat(row.outcome()).isEqualTo(LockOutcome.DEADLOCK_DETECTED);
    assertThat(row.database()).isEqualTo("codes 1.0");
    assertThat(row.scenario()).isEqualTo(LockScenario.DEADLOCK);
    assertThat(row.session()).isEqualTo("S2");
    assertThat(row.errorClass()).isEqualTo(ErrorClass.DEADLOCK);
    assertThat(row.code()).isEqualTo("1213");
    assertThat(row.waitedMillis()).isEqualTo(2);
    assertThat(row.afterMillis()).isEqualTo(2);
    assertThat(row.message()).isEqualTo("Deadlock found when trying to get lock");
    assertThat(row.detail()).contains("S2's update of row 1 failed with 1213 (deadlock) 2 ms after the cycle closed")
        .contains("S1 then completed its update (it ran 203 ms) and committed");
  }

  @Test
  void aWaiterThatLooksOnlyAfterATimeoutIsTheVictimAndTheDelayCountsFromTheCycleClosing() {
    // PostgreSQL's way: S1 waits from 100 ms; its deadlock_timeout (1 s) runs out at 1100 ms.
    ProbeRow row = outcomes.deadlock(RC, WaitSeen.LOCK_VIEW, failed(100, 1100, DEADLOCK_40P01), ok(150, 1101));

    assertThat(row.session()).isEqualTo("S1");
    assertThat(row.code()).as("the SQLState where the vendor code is 0").isEqualTo("40P01");
    assertThat(row.waitedMillis()).isEqualTo(1000);
    assertThat(row.afterMillis()).isEqualTo(950);
    assertThat(row.outcome()).as("the test dialect does not know 40P01").isEqualTo(LockOutcome.FAILED);
    assertThat(row.errorClass()).isEqualTo(ErrorClass.OTHER);
  }

  @Test
  void aCycleBrokenByTheLockWaitTimeoutSaysSo() {
    ProbeRow row = outcomes.deadlock(RC, WaitSeen.LOCK_VIEW, failed(100, 5100, TIMEOUT_1205), ok(150, 5101));

    assertThat(row.outcome()).isEqualTo(LockOutcome.LOCK_TIMEOUT);
    assertThat(row.errorClass()).isEqualTo(ErrorClass.LOCK_TIMEOUT);
    assertThat(row.code()).isEqualTo("1205");
    assertThat(row.waitedMillis()).isEqualTo(5000);
  }

  @Test
  void whenBothFailTheFirstToFailIsTheVictimAndTheOtherIsNamed() {
    ProbeRow row = outcomes.deadlock(RC, WaitSeen.LOCK_VIEW, failed(100, 5100, TIMEOUT_1205),
        failed(150, 400, DEADLOCK_1213));

    assertThat(row.session()).isEqualTo("S2");
    assertThat(row.detail()).contains("S1 failed too: lock_timeout 1205");
  }

  @Test
  void bothCompletingIsNoDeadlock() {
    ProbeRow row = outcomes.deadlock(RC, WaitSeen.STILL_RUNNING, ok(100, 120), ok(300, 310));

    assertThat(row.outcome()).isEqualTo(LockOutcome.NO_DEADLOCK);
    assertThat(row.errorClass()).isNull();
    assertThat(row.code()).isEmpty();
    assertThat(row.session()).isEmpty();
  }

  @Test
  void s1FailingBeforeTheCycleClosedIsAFailureAtOnceNotADeadlock() {
    ProbeRow row = outcomes.deadlock(RC, WaitSeen.NOT_WAITING, failed(100, 101, TIMEOUT_1205), ok(300, 301));

    assertThat(row.outcome()).isEqualTo(LockOutcome.FAILED_AT_ONCE);
    assertThat(row.session()).isEqualTo("S1");
    assertThat(row.afterMillis()).isNegative();
  }

  @Test
  void aStepStillRunningAtTheBoundIsUnresolvedNamingTheSession() {
    ProbeRow row = outcomes.deadlock(RC, WaitSeen.LOCK_VIEW, StepResult.unfinished(nanos(100)), ok(300, 301));

    assertThat(row.outcome()).isEqualTo(LockOutcome.UNRESOLVED);
    assertThat(row.session()).isEqualTo("S1");
    assertThat(row.errorClass()).isNull();
  }

  @Test
  void theSecondWriterWaitingUntilTheFirstCommitsThenUpdatingIsPessimistic() {
    // S2 starts at 100 ms; S1's commit runs from 1150 to 1152 ms; S2 returns at 1153 ms.
    ProbeRow row = outcomes.sameRow(RC, WaitSeen.LOCK_VIEW, ok(100, 1153), ok(1150, 1152), ok(1154, 1155));

    assertThat(row.outcome()).isEqualTo(LockOutcome.WAITED_THEN_UPDATED);
    assertThat(row.scenario()).isEqualTo(LockScenario.SAME_ROW);
    assertThat(row.session()).isEqualTo("S2");
    assertThat(row.waitedMillis()).isEqualTo(1053);
    assertThat(row.afterMillis()).isEqualTo(1);
    assertThat(row.detail()).contains("S1 committed 1052 ms after S2's update began");
  }

  @Test
  void aSerializationFailureAfterTheFirstCommitsIsAWaitThenAFailureWithItsCode() {
    ProbeRow row = outcomes.sameRow(RR, WaitSeen.LOCK_VIEW, failed(100, 1153, SERIALIZATION_40001), ok(1150, 1152),
        null);

    assertThat(row.outcome()).isEqualTo(LockOutcome.WAITED_THEN_FAILED);
    assertThat(row.errorClass()).isEqualTo(ErrorClass.SERIALIZATION_FAILURE);
    assertThat(row.code()).isEqualTo("40001");
    assertThat(row.message()).as("the first line only").isEqualTo(
        "ERROR: could not serialize access due to concurrent update");
    assertThat(row.detail()).contains("S2's update failed 1 ms after that commit");
  }

  @Test
  void aLockWaitTimeoutBeforeTheFirstCommitsSaysItCameFirst() {
    ProbeRow row = outcomes.sameRow(RC, WaitSeen.LOCK_VIEW, failed(100, 1100, TIMEOUT_1205), ok(1101, 1102), null);

    assertThat(row.outcome()).isEqualTo(LockOutcome.WAITED_THEN_FAILED);
    assertThat(row.errorClass()).isEqualTo(ErrorClass.LOCK_TIMEOUT);
    assertThat(row.afterMillis()).isNegative();
    assertThat(row.detail()).contains("S2's update failed before S1 committed");
  }

  @Test
  void aFailureWithoutWaitingIsOptimistic() {
    ProbeRow row = outcomes.sameRow(RC, WaitSeen.NOT_WAITING, failed(100, 103, SERIALIZATION_40001), ok(110, 111),
        null);

    assertThat(row.outcome()).isEqualTo(LockOutcome.FAILED_AT_ONCE);
    assertThat(row.code()).isEqualTo("40001");
  }

  @Test
  void anUpdateWithoutWaitingSaysNothingLockedTheRow() {
    ProbeRow row = outcomes.sameRow(RC, WaitSeen.NOT_WAITING, ok(100, 101), ok(110, 111), ok(112, 113));

    assertThat(row.outcome()).isEqualTo(LockOutcome.UPDATED_AT_ONCE);
  }

  @Test
  void aCommitThatFailsAfterTheUpdateIsAWaitThenAFailure() {
    ProbeRow row = outcomes.sameRow(RC, WaitSeen.LOCK_VIEW, ok(100, 1153), ok(1150, 1152),
        failed(1154, 1155, SERIALIZATION_40001));

    assertThat(row.outcome()).isEqualTo(LockOutcome.WAITED_THEN_FAILED);
    assertThat(row.detail()).contains("its commit failed");
  }
}
