package io.commitbench.storage.oracle;

import io.commitbench.storage.format.FormatterTally;
import io.commitbench.storage.format.LogFormatter;
import io.commitbench.storage.plan.RefusedException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Oracle arms of the pre-format experiment (storage-agent design §1.5). Each poll reads
 * V$LOG, counts the ring's reuses (a group that came back with a higher SEQUENCE#, recorded as
 * {@value #REUSE} with zero duration, in every arm so arms compare), and hands every group that
 * has become reusable — INACTIVE, and ARCHIVED=YES in ARCHIVELOG mode — to the arm's action:
 *
 * <ul>
 *   <li>{@link #baseline}: nothing; the ring overwrites old content;
 *   <li>{@link #clear}: {@code CLEAR LOGFILE GROUP n};
 *   <li>{@link #recreate}: DROP, delete the file, fstrim, ADD at the same path.
 * </ul>
 *
 * CURRENT and ACTIVE groups are never touched. Every arm refuses in {@link #prepare()} with fewer
 * than 3 groups, so one can be out of service while two remain, and so that arms compare on the
 * same ring. Single-threaded, as {@link LogFormatter} says; {@link #tally()} is thread-safe.
 *
 * <pre>
 * LogFormatter arm = OracleLogFormatter.clear(new JdbcOracleRedoCatalog(rootConnection));
 * arm.prepare();
 * while (running) { arm.poll(); Thread.sleep(200); }
 * arm.finish();
 * </pre>
 */
public final class OracleLogFormatter implements LogFormatter {

  /** The tally's name for one observed reuse of a group by the ring. */
  public static final String REUSE = "ring reuse observed";
  /** Fewest groups the arms run with: one out of service, two left for the ring. */
  public static final int MINIMUM_GROUPS = 3;

  private final String arm;
  private final OracleRedoCatalog catalog;
  private final Optional<GroupAction> action;
  private final FormatterTally tally;
  private final Map<Integer, Long> sequences = new HashMap<>();
  private boolean archiveLog;
  private boolean prepared;

  private OracleLogFormatter(String arm, OracleRedoCatalog catalog, Optional<GroupAction> action) {
    this.arm = arm;
    this.catalog = catalog;
    this.action = action;
    this.tally = new FormatterTally(arm);
  }

  /** Arm {@code baseline}: observes and counts reuses, changes nothing. */
  public static OracleLogFormatter baseline(OracleRedoCatalog catalog) {
    return new OracleLogFormatter("baseline", catalog, Optional.empty());
  }

  /** Arm {@code clear}: {@code ALTER DATABASE CLEAR LOGFILE GROUP n} on every group that becomes reusable. */
  public static OracleLogFormatter clear(OracleRedoCatalog catalog) {
    return new OracleLogFormatter("clear", catalog, Optional.of(new ClearLogfileAction(catalog)));
  }

  /**
   * Arm {@code recreate}: drop, delete, fstrim, re-add every group that becomes reusable.
   *
   * @param remover deletes a member file on the database host
   * @param trimmer fstrim of the filesystem holding a member path; empty where discard is unavailable
   * @param geometry what the groups are re-added as (size sweep, BLOCKSIZE 4096); empty keeps each group's own
   */
  public static OracleLogFormatter recreate(OracleRedoCatalog catalog, MemberFileAction remover,
      Optional<MemberFileAction> trimmer, Optional<RedoGeometry> geometry) {
    return new OracleLogFormatter("recreate", catalog,
        Optional.of(new RecreateLogfileAction(catalog, remover, trimmer, geometry)));
  }

  @Override
  public String arm() {
    return arm;
  }

  /**
   * @throws RefusedException outside CDB$ROOT, without the privileges, database not open, or
   *     fewer than {@value #MINIMUM_GROUPS} groups
   */
  @Override
  public void prepare() throws RefusedException, SQLException {
    OracleRedoPreconditions.Snapshot snapshot = OracleRedoPreconditions.check(catalog);
    int count = snapshot.groups().size();
    if (count < MINIMUM_GROUPS) {
      throw new RefusedException("the database has " + count + " online redo log group(s); arm " + arm + " needs at"
          + " least " + MINIMUM_GROUPS + " (one out of service while two remain, and the same ring in every arm);"
          + " add groups first, e.g. ALTER DATABASE ADD LOGFILE GROUP n ('/path/redo0n.log') SIZE 51200K");
    }
    archiveLog = snapshot.archiveLog();
    snapshot.groups().forEach(g -> sequences.put(g.group(), g.sequence()));
    tally.note("prepared: " + count + " groups, log mode " + snapshot.logMode());
    prepared = true;
  }

  @Override
  public void poll() throws Exception {
    if (!prepared) {
      throw new IllegalStateException("poll() before prepare() on arm " + arm);
    }
    List<RedoGroup> groups = catalog.groups();
    observeReuse(groups);
    if (action.isEmpty()) {
      return;
    }
    if (groups.size() < MINIMUM_GROUPS) {
      tally.note("only " + groups.size() + " groups seen; no group taken out of service this poll");
      return;
    }
    for (RedoGroup group : groups) {
      if (reusable(group)) {
        action.get().apply(group, tally);
      }
    }
  }

  @Override
  public void finish() throws SQLException {
    if (prepared) {
      observeReuse(catalog.groups());
    }
  }

  @Override
  public FormatterTally tally() {
    return tally;
  }

  private boolean reusable(RedoGroup group) {
    return group.is(RedoGroup.INACTIVE) && (!archiveLog || group.archived());
  }

  private void observeReuse(List<RedoGroup> groups) {
    for (RedoGroup g : groups) {
      Long before = sequences.put(g.group(), g.sequence());
      if (before != null && g.sequence() > before) {
        tally.record(REUSE, Duration.ZERO);
      }
    }
  }
}
