package io.commitbench.storage.oracle;

import io.commitbench.storage.format.FormatterTally;
import java.sql.SQLException;

/**
 * Arm {@code clear}: {@code ALTER DATABASE CLEAR LOGFILE GROUP n} on a reusable group, so the
 * server re-initialises it (CLEARING, then UNUSED) before its next turn as CURRENT. A clear that
 * meets a clear already under way (ORA-00390/00392) is reissued, which completes it; a group that
 * became needed again (ORA-01623/01624) is left alone.
 */
final class ClearLogfileAction implements GroupAction {

  static final String ACTION = "clear logfile";
  /** A reissued clear completes the interrupted one; three tries is ample. */
  private static final int ATTEMPTS = 3;

  private final OracleRedoCatalog catalog;

  ClearLogfileAction(OracleRedoCatalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public String arm() {
    return "clear";
  }

  @Override
  public void apply(RedoGroup group, FormatterTally tally) throws Exception {
    String sql = RedoStatements.clear(group.group());
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        Timed.run(tally, ACTION, () -> catalog.execute(sql));
        return;
      } catch (SQLException e) {
        int code = OracleErrors.code(e);
        if (code == OracleErrors.BEING_CLEARED || code == OracleErrors.BEING_CLEARED_CANNOT_BECOME_CURRENT) {
          tally.note("group " + group.group() + " was being cleared (" + OracleErrors.firstLine(e) + "); CLEAR reissued");
        } else if (code == OracleErrors.NEEDED_FOR_CRASH_RECOVERY || code == OracleErrors.LOG_IS_CURRENT) {
          tally.note("group " + group.group() + " became needed before it was cleared (" + OracleErrors.firstLine(e)
              + "); left alone");
          return;
        } else {
          throw e;
        }
      }
    }
    throw new SQLException("group " + group.group() + " was still being cleared after " + ATTEMPTS + " CLEARs");
  }
}
