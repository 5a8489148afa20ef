package io.commitbench.driver.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.IsolationLevel;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.probe.LockOutcome;
import io.commitbench.core.probe.LockOutcomes;
import io.commitbench.core.probe.ProbeRow;
import io.commitbench.core.probe.ProbeTable;
import io.commitbench.core.probe.StepResult;
import io.commitbench.core.probe.WaitSeen;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * The locking probe on Oracle without an Oracle server: the SQL it would
 * run, and the outcome mapping of the errors Oracle raises, recorded in the shape ojdbc throws them
 * (vendor code, SQLState, message). The codes and messages were written down from Oracle's error
 * documentation (ORA-00060 deadlock, ORA-08177 serialization, ORA-01013 a cancelled statement),
 * not captured from a live instance; the timings are those of Oracle's documented behaviour (a
 * waiter looks for deadlocks after about 3 s, and the session that finds one gets ORA-00060).
 */
class OracleLockingProbeRecordedTest {

  private static final SQLException ORA_00060 = new SQLException(
      "ORA-00060: deadlock detected while waiting for resource\n", "61000", 60);
  private static final SQLException ORA_08177 = new SQLException(
      "ORA-08177: can't serialize access for this transaction\n", "72000", 8177);
  private static final SQLException ORA_01013 = new SQLException(
      "ORA-01013: user requested cancel of current operation\n", "72000", 1013);

  private final OracleDialect dialect = new OracleDialect();
  private final LockOutcomes outcomes = new LockOutcomes(dialect, "oracle 23.0.0.0.0");

  private static StepResult ok(long startMillis, long endMillis) {
    return StepResult.ok(startMillis * 1_000_000L, endMillis * 1_000_000L);
  }

  private static StepResult failed(long startMillis, long endMillis, SQLException error) {
    return StepResult.failed(startMillis * 1_000_000L, endMillis * 1_000_000L, error);
  }

  @Test
  void theProbesSqlUsesOraclesNumberTypeAndItsDropThatToleratesAnAbsentTable() {
    TableSpec spec = new TableSpec("cb_x_lock", "CBQ", dialect.qualifiedName("CBQ", "cb_x_lock"), 0);
    ProbeTable table = new ProbeTable(dialect, spec);

    assertThat(table.createSql()).isEqualTo(
        "CREATE TABLE CBQ.cb_x_lock (id NUMBER(19) NOT NULL PRIMARY KEY, val NUMBER(19) NOT NULL)");
    assertThat(table.updateSql()).isEqualTo("UPDATE CBQ.cb_x_lock SET val = val + 1 WHERE id = ?");
    assertThat(table.resetSql()).containsExactly("DELETE FROM CBQ.cb_x_lock",
        "INSERT INTO CBQ.cb_x_lock (id, val) VALUES (1, 0)", "INSERT INTO CBQ.cb_x_lock (id, val) VALUES (2, 0)");
    assertThat(dialect.dropTableStatements(spec)).singleElement().asString()
        .contains("DROP TABLE CBQ.cb_x_lock PURGE").contains("SQLCODE != -942");
  }

  @Test
  void oracleHasNoRepeatableReadAndNoSessionLockWaitBound() {
    assertThat(dialect.locking().isolationLevels()).containsExactlyInAnyOrder(IsolationLevel.READ_COMMITTED,
        IsolationLevel.SERIALIZABLE);
    assertThat(dialect.locking().lockWaitTimeoutStatements(5)).as("the JDBC query timeout bounds the waits").isEmpty();
    assertThat(dialect.locking().lockWaitView()).hasValueSatisfying(view -> {
      assertThat(view.sessionIdSql()).isEqualTo("SELECT SYS_CONTEXT('USERENV', 'SID') FROM DUAL");
      assertThat(view.waitingSql()).isEqualTo("SELECT 1 FROM v$session WHERE sid = ? AND blocking_session IS NOT NULL");
    });
  }

  @Test
  void codesAreWrittenTheOracleWayAndAnErrorWithoutOneByItsSqlState() {
    assertThat(dialect.locking().errorCode(ORA_00060)).isEqualTo("ORA-00060");
    assertThat(dialect.locking().errorCode(ORA_08177)).isEqualTo("ORA-08177");
    assertThat(dialect.locking().errorCode(new SQLException("Closed Connection", "08003", 0))).isEqualTo("08003");
  }

  @Test
  void ora00060InTheFirstWaiterIsADeadlockDetectedByS1WithOraclesCode() {
    // S1 waits from 100 ms, S2 closes the cycle at 300 ms; S1's deadlock check fires at about 3.1 s.
    ProbeRow row = outcomes.deadlock(IsolationLevel.READ_COMMITTED, WaitSeen.LOCK_VIEW, failed(100, 3100, ORA_00060),
        ok(300, 3102));

    assertThat(row.outcome()).isEqualTo(LockOutcome.DEADLOCK_DETECTED);
    assertThat(row.session()).isEqualTo("S1");
    assertThat(row.errorClass()).isEqualTo(ErrorClass.DEADLOCK);
    assertThat(row.code()).isEqualTo("ORA-00060");
    assertThat(row.afterMillis()).isEqualTo(2800);
    assertThat(row.message()).isEqualTo("ORA-00060: deadlock detected while waiting for resource");
  }

  @Test
  void ora08177AfterTheFirstCommitsIsASerializationFailureAfterAWait() {
    ProbeRow row = outcomes.sameRow(IsolationLevel.SERIALIZABLE, WaitSeen.LOCK_VIEW, failed(100, 1153, ORA_08177),
        ok(1150, 1152), null);

    assertThat(row.outcome()).isEqualTo(LockOutcome.WAITED_THEN_FAILED);
    assertThat(row.errorClass()).isEqualTo(ErrorClass.SERIALIZATION_FAILURE);
    assertThat(row.code()).isEqualTo("ORA-08177");
  }

  @Test
  void aWaitEndedByTheJdbcQueryTimeoutIsAStatementTimeoutNotADeadlock() {
    // Without a session lock wait bound, ORA-01013 ends a wait that neither detector nor commit ended.
    ProbeRow row = outcomes.deadlock(IsolationLevel.READ_COMMITTED, WaitSeen.LOCK_VIEW, failed(100, 5100, ORA_01013),
        ok(300, 5101));

    assertThat(row.outcome()).isEqualTo(LockOutcome.FAILED);
    assertThat(row.errorClass()).isEqualTo(ErrorClass.STATEMENT_TIMEOUT);
    assertThat(row.code()).isEqualTo("ORA-01013");
  }
}
