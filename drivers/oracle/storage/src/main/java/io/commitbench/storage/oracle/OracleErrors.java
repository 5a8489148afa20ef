package io.commitbench.storage.oracle;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ORA- codes the redo procedures react to (storage-agent design §1.6), and how to read the
 * code from an exception whatever wraps it.
 */
final class OracleErrors {

  /** Log is current for its thread: switch, then retry. */
  static final int LOG_IS_CURRENT = 1623;
  /** Log needed for crash recovery (ACTIVE): checkpoint, then retry. */
  static final int NEEDED_FOR_CRASH_RECOVERY = 1624;
  /** Drop would leave fewer than two logs in the thread: add a group first. */
  static final int WOULD_LEAVE_FEWER_THAN_TWO = 1567;
  /** Log must be archived first (ARCHIVELOG mode): archive the current log, then retry. */
  static final int NEEDS_ARCHIVING = 350;
  /** Log is being cleared and cannot become current: reissue the CLEAR. */
  static final int BEING_CLEARED_CANNOT_BECOME_CURRENT = 390;
  /** Log is being cleared, operation not allowed: reissue the CLEAR. */
  static final int BEING_CLEARED = 392;
  /** Cannot create the log file (exists without REUSE, bad path, permissions). */
  static final int CANNOT_ADD_FILE = 301;
  /** Table or view does not exist: no SELECT on the V$ views. */
  static final int NO_SUCH_VIEW = 942;
  /** Operation not allowed from within a pluggable database. */
  static final int INSIDE_PDB = 65040;

  private static final Pattern ORA = Pattern.compile("ORA-(\\d{5})");

  private OracleErrors() {}

  /** The first ORA- code in the exception or its causes: the vendor code, else the message's. */
  static int code(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException sql && sql.getErrorCode() != 0) {
        return sql.getErrorCode();
      }
      if (t.getMessage() != null) {
        Matcher m = ORA.matcher(t.getMessage());
        if (m.find()) {
          return Integer.parseInt(m.group(1));
        }
      }
    }
    return 0;
  }

  /** The first line of the exception's message, for journals and notes. */
  static String firstLine(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
