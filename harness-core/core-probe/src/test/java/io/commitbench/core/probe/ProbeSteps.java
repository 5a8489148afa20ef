package io.commitbench.core.probe;

import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.UnsupportedTestDialect;
import java.sql.SQLException;

/**
 * Steps on a clock of whole milliseconds, and a dialect that classifies by vendor code the way
 * InnoDB numbers its errors (1213, 1205) and by SQLState otherwise, for the probe's pure parts.
 */
final class ProbeSteps {

  static final SQLException DEADLOCK_1213 = new SQLException("Deadlock found when trying to get lock", "40001", 1213);
  static final SQLException TIMEOUT_1205 = new SQLException("Lock wait timeout exceeded", "HY000", 1205);
  static final SQLException SERIALIZATION_40001 =
      new SQLException("ERROR: could not serialize access due to concurrent update\n  Where: ...", "40001", 0);

  private ProbeSteps() {}

  static StepResult ok(long startMillis, long endMillis) {
    return StepResult.ok(nanos(startMillis), nanos(endMillis));
  }

  static StepResult failed(long startMillis, long endMillis, SQLException error) {
    return StepResult.failed(nanos(startMillis), nanos(endMillis), error);
  }

  static long nanos(long millis) {
    return millis * 1_000_000L + 123; // off the millisecond, as real clocks are
  }

  /** InnoDB's codes where the vendor code is set, the SQLState otherwise. */
  static final class CodeDialect extends UnsupportedTestDialect {
    CodeDialect() {
      super("codes");
    }

    @Override
    public ErrorClass classify(SQLException error) {
      return switch (error.getErrorCode()) {
        case 1213 -> ErrorClass.DEADLOCK;
        case 1205 -> ErrorClass.LOCK_TIMEOUT;
        default -> "40001".equals(error.getSQLState()) ? ErrorClass.SERIALIZATION_FAILURE : ErrorClass.OTHER;
      };
    }
  }
}
