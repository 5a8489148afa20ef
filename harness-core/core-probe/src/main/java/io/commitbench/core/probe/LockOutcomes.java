package io.commitbench.core.probe;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.IsolationLevel;
import java.sql.SQLException;

/**
 * Turns the timed steps of one scenario into a row of the table: which session the outcome is
 * about, the dialect's class and code of its failure, how long it waited. Pure: the same steps
 * give the same row, so it is tested on recorded codes of every product.
 *
 * <pre>
 * ProbeRow row = new LockOutcomes(dialect, "mariadb 10.11").deadlock(level, seen, s1Row2, s2Row1);
 * </pre>
 */
public final class LockOutcomes {

  private static final long NANOS_PER_MILLI = 1_000_000;

  private final Dialect dialect;
  private final String database;

  public LockOutcomes(Dialect dialect, String database) {
    this.dialect = dialect;
    this.database = database;
  }

  /**
   * The deadlock scenario, from its two blocking steps.
   *
   * @param seen how S1's update of row 2 was known to wait before S2 closed the cycle
   * @param s1Row2 S1's update of row 2 (S2 holds it)
   * @param s2Row1 S2's update of row 1 (S1 holds it): the step that closes the cycle
   */
  public ProbeRow deadlock(IsolationLevel level, WaitSeen seen, StepResult s1Row2, StepResult s2Row1) {
    if (!s1Row2.finished() || !s2Row1.finished()) {
      String still = !s1Row2.finished() && !s2Row1.finished() ? "S1 and S2" : !s1Row2.finished() ? "S1" : "S2";
      return row(level, LockScenario.DEADLOCK, LockOutcome.UNRESOLVED, still, null, 0, 0, seen,
          still + " still waited when the probe's bound ran out; the connections were aborted");
    }
    long closed = s2Row1.startNanos();
    if (s1Row2.error() == null && s2Row1.error() == null) {
      long last = Math.max(s1Row2.endNanos(), s2Row1.endNanos());
      return row(level, LockScenario.DEADLOCK, LockOutcome.NO_DEADLOCK, "", null, s2Row1.millis(),
          millis(last - closed), seen, "S1 updated row 2 in " + s1Row2.millis() + " ms, S2 row 1 in "
              + s2Row1.millis() + " ms; both committed");
    }
    // The victim: the session whose statement failed first. Its rollback freed the other.
    boolean s1Victim = s1Row2.error() != null && (s2Row1.error() == null || s1Row2.endNanos() <= s2Row1.endNanos());
    StepResult victim = s1Victim ? s1Row2 : s2Row1;
    StepResult other = s1Victim ? s2Row1 : s1Row2;
    String victimName = s1Victim ? "S1" : "S2";
    String otherName = s1Victim ? "S2" : "S1";
    ErrorClass cls = dialect.classify(victim.error());
    String code = dialect.locking().errorCode(victim.error());
    String otherDid = other.error() == null
        ? otherName + " then completed its update (it ran " + other.millis() + " ms) and committed"
        : otherName + " failed too: " + dialect.classify(other.error()).label() + " "
            + dialect.locking().errorCode(other.error());
    if (s1Victim && s1Row2.endNanos() < closed) {
      return row(level, LockScenario.DEADLOCK, LockOutcome.FAILED_AT_ONCE, victimName, victim.error(), victim.millis(),
          millis(victim.endNanos() - closed), seen, "S1's update of row 2 failed before S2 closed the cycle; " + otherDid);
    }
    LockOutcome outcome = switch (cls) {
      case DEADLOCK -> LockOutcome.DEADLOCK_DETECTED;
      case LOCK_TIMEOUT -> LockOutcome.LOCK_TIMEOUT;
      default -> LockOutcome.FAILED;
    };
    String what = s1Victim ? "S1's update of row 2" : "S2's update of row 1";
    return row(level, LockScenario.DEADLOCK, outcome, victimName, victim.error(), victim.millis(),
        millis(victim.endNanos() - closed), seen, what + " failed with " + code + " (" + cls.label() + ") "
            + millis(victim.endNanos() - closed) + " ms after the cycle closed, having waited " + victim.millis()
            + " ms; " + otherDid);
  }

  /**
   * The same-row scenario.
   *
   * @param seen how S2's update was known to wait before S1 held its lock on
   * @param s2Update S2's update of the row S1 had updated
   * @param s1Commit S1's commit, after the hold
   * @param s2Commit S2's commit, or null when its update failed
   */
  public ProbeRow sameRow(IsolationLevel level, WaitSeen seen, StepResult s2Update, StepResult s1Commit,
      StepResult s2Commit) {
    if (!s2Update.finished()) {
      return row(level, LockScenario.SAME_ROW, LockOutcome.UNRESOLVED, "S2", null, 0, 0, seen,
          "S2 still waited when the probe's bound ran out; the connection was aborted");
    }
    long held = millis(s1Commit.endNanos() - s2Update.startNanos());
    long after = millis(s2Update.endNanos() - s1Commit.endNanos());
    String commit = "S1 committed " + held + " ms after S2's update began";
    SQLException failure = s2Update.error() != null ? s2Update.error()
        : s2Commit != null && s2Commit.error() != null ? s2Commit.error() : null;
    if (seen == WaitSeen.NOT_WAITING) {
      return failure == null
          ? row(level, LockScenario.SAME_ROW, LockOutcome.UPDATED_AT_ONCE, "S2", null, s2Update.millis(), after, seen,
              "S2's update returned in " + s2Update.millis() + " ms, before S1 committed")
          : row(level, LockScenario.SAME_ROW, LockOutcome.FAILED_AT_ONCE, "S2", failure, s2Update.millis(), after,
              seen, "S2's update failed in " + s2Update.millis() + " ms without waiting for S1's lock");
    }
    if (failure == null) {
      return row(level, LockScenario.SAME_ROW, LockOutcome.WAITED_THEN_UPDATED, "S2", null, s2Update.millis(), after,
          seen, commit + "; S2's update returned " + after + " ms after that commit; S2 committed");
    }
    String when = s2Update.error() == null ? "S2's update returned, its commit failed"
        : s2Update.endNanos() < s1Commit.startNanos() ? "S2's update failed before S1 committed (S1 then committed "
            + held + " ms after S2's update began)"
        : commit + "; S2's update failed " + after + " ms after that commit";
    return row(level, LockScenario.SAME_ROW, LockOutcome.WAITED_THEN_FAILED, "S2", failure, s2Update.millis(), after,
        seen, when);
  }

  private ProbeRow row(IsolationLevel level, LockScenario scenario, LockOutcome outcome, String session,
      SQLException failure, long waited, long after, WaitSeen seen, String detail) {
    return new ProbeRow(database, level, scenario, outcome, session, failure == null ? null : dialect.classify(failure),
        failure == null ? "" : dialect.locking().errorCode(failure), waited, after, seen, detail, firstLine(failure));
  }

  private static long millis(long nanos) {
    return nanos / NANOS_PER_MILLI;
  }

  private static String firstLine(SQLException failure) {
    if (failure == null || failure.getMessage() == null) {
      return "";
    }
    String message = failure.getMessage().strip();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
