package io.commitbench.storage.oracle;

import io.commitbench.storage.plan.Action;
import java.io.IOException;
import java.sql.SQLException;
import java.util.Map;

/**
 * Drops one redo group the way the relocation must (storage-agent design §1.4 step 6): on
 * ORA-01624 (still needed for crash recovery) it checkpoints, on ORA-01623 (current) it switches, on
 * ORA-00350 (not yet archived) it archives the current log,
 * on ORA-01567 (would leave fewer than two groups) it has a group added first, each followed by a
 * retry, at most {@link RedoPolling#maxAttempts()} times. Every statement runs through the
 * applier's {@link Action.Lines}: shown, timed, and journaled as its own line (a failed attempt as
 * the applier's {@code action failed} note).
 */
final class RedoGroupDropper {

  /** Adds one more group at the target when a drop would leave too few; returns its GROUP#. */
  @FunctionalInterface
  interface GroupAdder {
    int addOne() throws SQLException, IOException;
  }

  private final OracleRedoCatalog catalog;
  private final RedoPolling polling;
  private final Action.Lines lines;

  RedoGroupDropper(OracleRedoCatalog catalog, RedoPolling polling, Action.Lines lines) {
    this.catalog = catalog;
    this.polling = polling;
    this.lines = lines;
  }

  /** Runs {@code sql} on the server through {@code lines}: shown, timed, kept for the next journal line. */
  static void execute(OracleRedoCatalog catalog, Action.Lines lines, String sql) throws SQLException, IOException {
    lines.run(sql, () -> {
      catalog.execute(sql);
      return null;
    });
  }

  /**
   * Drops {@code group}, journaling {@code dropped group} with its members and geometry.
   *
   * @param adder called on ORA-01567; null where adding is not allowed (a rollback)
   */
  void drop(RedoGroup group, GroupAdder adder) throws SQLException, IOException, InterruptedException {
    String sql = RedoStatements.drop(group.group());
    for (int attempt = 1; ; attempt++) {
      try {
        execute(catalog, lines, sql);
        lines.step("dropped group", Map.of("group", Integer.toString(group.group()), "paths",
            String.join("|", group.paths()), "bytes", Long.toString(group.bytes()), "blocksize",
            Integer.toString(group.blocksize()), "sql", sql));
        return;
      } catch (SQLException e) {
        if (attempt >= polling.maxAttempts()) {
          throw new SQLException("could not drop " + group.describe() + " after " + attempt + " attempts; last: "
              + OracleErrors.firstLine(e), e.getSQLState(), e.getErrorCode(), e);
        }
        remedy(group, e, adder);
      }
      if (!polling.interval().isZero()) {
        Thread.sleep(polling.interval().toMillis());
      }
    }
  }

  private void remedy(RedoGroup group, SQLException e, GroupAdder adder) throws SQLException, IOException {
    int code = OracleErrors.code(e);
    String because = "to drop group " + group.group() + ": " + OracleErrors.firstLine(e);
    switch (code) {
      case OracleErrors.NEEDED_FOR_CRASH_RECOVERY -> {
        execute(catalog, lines, RedoStatements.CHECKPOINT);
        lines.step("checkpoint", Map.of("sql", RedoStatements.CHECKPOINT, "reason", because));
      }
      case OracleErrors.LOG_IS_CURRENT -> {
        execute(catalog, lines, RedoStatements.SWITCH);
        lines.step("switched logfile", Map.of("sql", RedoStatements.SWITCH, "reason", because));
      }
      case OracleErrors.NEEDS_ARCHIVING -> {
        execute(catalog, lines, RedoStatements.ARCHIVE_CURRENT);
        lines.step("archived current log", Map.of("sql", RedoStatements.ARCHIVE_CURRENT, "reason", because));
      }
      case OracleErrors.WOULD_LEAVE_FEWER_THAN_TWO -> {
        if (adder == null) {
          throw e;
        }
        int added = adder.addOne();
        lines.note("added group " + added + " first, " + because);
      }
      default -> throw e;
    }
  }
}
