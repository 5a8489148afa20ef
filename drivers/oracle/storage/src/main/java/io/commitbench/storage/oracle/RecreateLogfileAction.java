package io.commitbench.storage.oracle;

import io.commitbench.storage.format.FormatterTally;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Arm {@code recreate}, the closest to a fresh, pre-erased log (storage-agent design §1.5 C):
 * {@code DROP LOGFILE GROUP n}, delete each member file, fstrim its filesystem so the flash can
 * erase the freed blocks, then {@code ADD LOGFILE GROUP n ('same path') SIZE … [BLOCKSIZE …]},
 * which writes the new file off the commit path.
 *
 * <p>Once a group is dropped it is always added back: when its file could not be deleted it is
 * re-added with {@code REUSE} (overwritten, not fresh: noted in the tally), and when the ADD fails
 * the exception gives the statement that restores it. A group that became needed again before the
 * DROP (ORA-01623/01624/00392) is left alone.
 */
final class RecreateLogfileAction implements GroupAction {

  private final OracleRedoCatalog catalog;
  private final MemberFileAction remover;
  private final Optional<MemberFileAction> trimmer;
  private final Optional<RedoGeometry> geometry;

  /**
   * @param remover deletes a member file on the database host
   * @param trimmer runs fstrim on the filesystem holding a member path; empty where discard is
   *     not available (noted once per group)
   * @param geometry the size and block size groups are re-added with (the size sweep, BLOCKSIZE
   *     4096); empty keeps each group's own
   */
  RecreateLogfileAction(OracleRedoCatalog catalog, MemberFileAction remover, Optional<MemberFileAction> trimmer,
      Optional<RedoGeometry> geometry) {
    this.catalog = catalog;
    this.remover = remover;
    this.trimmer = trimmer;
    this.geometry = geometry;
  }

  @Override
  public String arm() {
    return "recreate";
  }

  @Override
  public void apply(RedoGroup group, FormatterTally tally) throws Exception {
    try {
      Timed.run(tally, "drop logfile", () -> catalog.execute(RedoStatements.drop(group.group())));
    } catch (SQLException e) {
      int code = OracleErrors.code(e);
      if (code == OracleErrors.NEEDED_FOR_CRASH_RECOVERY || code == OracleErrors.LOG_IS_CURRENT
          || code == OracleErrors.BEING_CLEARED || code == OracleErrors.WOULD_LEAVE_FEWER_THAN_TWO) {
        tally.note("group " + group.group() + " not dropped (" + OracleErrors.firstLine(e) + "); left alone");
        return;
      }
      throw e;
    }
    boolean fresh = true;
    for (String path : group.paths()) {
      try {
        Timed.run(tally, "remove member", () -> remover.apply(path));
      } catch (Exception e) {
        fresh = false;
        tally.note("could not remove " + path + " (" + OracleErrors.firstLine(e) + "); group " + group.group()
            + " re-added with REUSE, overwriting the old file");
      }
    }
    if (fresh) {
      trim(group, tally);
    }
    add(group, fresh, tally);
  }

  private void trim(RedoGroup group, FormatterTally tally) {
    if (trimmer.isEmpty()) {
      tally.note("no fstrim for group " + group.group() + ": the filesystem's discard is not available to the agent");
      return;
    }
    String path = group.paths().get(0);
    try {
      Timed.run(tally, "fstrim", () -> trimmer.get().apply(path));
    } catch (Exception e) {
      tally.note("fstrim of the filesystem of " + path + " failed (" + OracleErrors.firstLine(e) + ")");
    }
  }

  private void add(RedoGroup group, boolean fresh, FormatterTally tally) throws SQLException {
    RedoGeometry target = geometry.orElse(group.geometry()).withDefaultBlocksize(group.blocksize());
    String sql = fresh ? RedoStatements.add(group.group(), group.paths(), target)
        : RedoStatements.addReusing(group.group(), group.paths(), target);
    try {
      Timed.run(tally, "add logfile", () -> catalog.execute(sql));
    } catch (SQLException e) {
      if (fresh && OracleErrors.code(e) == OracleErrors.CANNOT_ADD_FILE) {
        String reusing = RedoStatements.addReusing(group.group(), group.paths(), target);
        tally.note("group " + group.group() + ": " + OracleErrors.firstLine(e) + "; re-added with REUSE");
        executeOrExplain(group, reusing, tally);
        return;
      }
      throw restoreHint(group, sql, e);
    }
  }

  private void executeOrExplain(RedoGroup group, String sql, FormatterTally tally) throws SQLException {
    try {
      Timed.run(tally, "add logfile", () -> catalog.execute(sql));
    } catch (SQLException e) {
      throw restoreHint(group, sql, e);
    }
  }

  private static SQLException restoreHint(RedoGroup group, String sql, SQLException e) {
    return new SQLException("group " + group.group() + " was dropped but could not be added back ("
        + OracleErrors.firstLine(e) + "); restore it with: " + sql, e.getSQLState(), e.getErrorCode(), e);
  }
}
