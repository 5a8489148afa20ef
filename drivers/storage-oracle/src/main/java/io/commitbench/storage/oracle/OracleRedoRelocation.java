package io.commitbench.storage.oracle;

import io.commitbench.driver.oracle.OracleDialect;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.PlannedStep;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.relocate.JournaledRelocation;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Moves an open Oracle database's online redo logs to another directory without stopping it
 * (storage-agent design §1.4): add new groups at the target, switch until one of them is current,
 * checkpoint (and archive, in ARCHIVELOG mode) until the old ones are free, drop the old ones,
 * have their files removed, verify. {@code RENAME FILE} would need the database mounted, not open.
 *
 * <pre>
 * try (Connection root = DriverManager.getConnection("jdbc:oracle:thin:@db:1521/FREE", "system", pw)) {
 *   OracleRedoRelocation move = OracleRedoRelocation.forConnection(root,
 *       RedoRelocationRequest.of("/ssd/redo", RedoGeometry.ofSize(50 * RedoGeometry.MEGABYTE)));
 *   move.plan().render(Plan.Mode.DRY_RUN).forEach(System.out::println);
 *   try (Journal journal = Journal.begin(file, OracleRedoRelocation.OPERATION, move.journalParameters())) {
 *     move.apply(journal);
 *   }
 * }
 * </pre>
 *
 * <p>A failure before the first old group is dropped is rolled back (the new groups are dropped
 * once inactive); after that the move only goes forward, and {@link #undo} of its journal moves
 * the logs back. Not thread-safe; one relocation per database at a time (a second one is refused
 * while groups exist at its target).
 */
public final class OracleRedoRelocation implements JournaledRelocation {

  /** The operation name written at the start of the journal; undo dispatches on it. */
  public static final String OPERATION = "relocate-log-oracle";
  /** What the JDBC URL of an Oracle server starts with (thin and OCI drivers alike). */
  public static final String URL_PREFIX = OracleDialect.URL_PREFIX;

  private final OracleRedoCatalog catalog;
  private final RedoRelocationRequest request;
  private final RedoPolling polling;
  private final Optional<MemberFileAction> remover;
  private final List<String> leftForOperator = new ArrayList<>();

  /**
   * @param catalog the server (connected to CDB$ROOT)
   * @param request where to, what size, how many groups
   * @param polling how long to wait for switches, checkpoints and the archiver
   * @param remover removes an old member file on the database host; empty when the agent cannot
   *     reach it, in which case the removal is reported for the operator
   */
  public OracleRedoRelocation(OracleRedoCatalog catalog, RedoRelocationRequest request, RedoPolling polling,
      Optional<MemberFileAction> remover) {
    this.catalog = catalog;
    this.request = request;
    this.polling = polling;
    this.remover = remover;
  }

  /** Over a JDBC connection to the root container, standard polling, old files left for the operator. */
  public static OracleRedoRelocation forConnection(Connection root, RedoRelocationRequest request) {
    return new OracleRedoRelocation(new JdbcOracleRedoCatalog(root), request, RedoPolling.standard(),
        Optional.empty());
  }

  /**
   * The relocation that reverses the one journaled in {@code contents}: back to the old groups'
   * directory, with their size, block size and number (at least 2).
   *
   * @throws RefusedException when the journal is not of this operation, or shows nothing to reverse
   */
  public static OracleRedoRelocation undo(io.commitbench.storage.journal.JournalReader.Contents contents,
      OracleRedoCatalog catalog, RedoPolling polling, Optional<MemberFileAction> remover) throws RefusedException {
    return new OracleRedoRelocation(catalog, RelocationUndo.request(contents), polling, remover);
  }

  @Override
  public String operation() {
    return OPERATION;
  }

  /** What to write on the journal's {@code begin} line. */
  @Override
  public Map<String, String> journalParameters() {
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put("server", catalog.describe());
    parameters.put("target", request.targetDirectory());
    parameters.put("geometry", request.geometry().clause());
    parameters.put("new_groups", Integer.toString(request.newGroups()));
    return parameters;
  }

  /**
   * {@code journals/relocate-log-oracle-<time>.journal} under the working directory: the server
   * is elsewhere, so the journal stays with whoever ran the move.
   */
  @Override
  public Path defaultJournal() {
    return Journal.timestampedFile(Path.of("journals"), OPERATION);
  }

  /** Old member files the operator must remove on the database host (filled by {@link #apply}). */
  @Override
  public List<String> leftForOperator() {
    return List.copyOf(leftForOperator);
  }

  @Override
  public Plan plan() throws RefusedException {
    return render(prepare());
  }

  @Override
  public void apply(Applier applier) throws Exception {
    Journal journal = applier.journal();
    RelocationPlan p;
    try {
      p = prepare();
    } catch (RefusedException e) {
      journal.end("refused: " + e.getMessage());
      throw e;
    }
    journal.step("discovered", p.discoveryDetail());
    List<Integer> added = new ArrayList<>();
    boolean dropping = false;
    try {
      for (int group : p.newGroups()) {
        add(group, p.geometry(), journal, added);
      }
      polling.until("a new group (" + added + ") to become CURRENT", catalog, () -> switchLogfile(journal, "relocation"),
          groups -> groups.stream().anyMatch(g -> g.is(RedoGroup.CURRENT) && added.contains(g.group())));
      polling.until("the old groups " + p.oldNumbers() + " to become INACTIVE", catalog, () -> checkpoint(journal),
          groups -> groups.stream().filter(g -> p.oldNumbers().contains(g.group())).noneMatch(RedoGroup::inUse));
      if (p.archiveLog()) {
        catalog.execute(RedoStatements.ARCHIVE_CURRENT);
        journal.step("archived current log", Map.of("sql", RedoStatements.ARCHIVE_CURRENT));
        polling.until("the old groups " + p.oldNumbers() + " to be ARCHIVED", catalog, () -> { },
            groups -> groups.stream().filter(g -> p.oldNumbers().contains(g.group())).allMatch(RedoGroup::archived));
      }
      dropping = true;
      RedoGroupDropper dropper = new RedoGroupDropper(catalog, polling, journal);
      for (RedoGroup old : p.oldGroups()) {
        dropper.drop(old, () -> add(nextUnused(), p.geometry(), journal, added));
      }
      cleanUp(p.oldGroups(), journal);
      verify(journal);
      journal.completed();
    } catch (Exception e) {
      if (!dropping) {
        rollBack(added, journal, e);
      } else {
        journal.end("failed after old groups began to be dropped: " + OracleErrors.firstLine(e)
            + "; not rolled back (the new groups hold the redo); undo this journal to move the logs back");
      }
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt(); // rolled back first, so the server is left consistent
      }
      throw e;
    }
  }

  private RelocationPlan prepare() throws RefusedException {
    try {
      OracleRedoPreconditions.Snapshot snapshot = OracleRedoPreconditions.check(catalog);
      List<RedoGroup> atTarget = snapshot.groups().stream()
          .filter(g -> g.paths().stream().anyMatch(request::atTarget)).toList();
      if (!atTarget.isEmpty()) {
        throw new RefusedException("group(s) " + atTarget.stream().map(g -> Integer.toString(g.group())).toList()
            + " already have members in " + request.targetDirectory() + ": a relocation there is done or unfinished"
            + " (finish or undo it from its journal); give a directory that holds no redo member");
      }
      if (snapshot.groups().isEmpty()) {
        throw new RefusedException("V$LOG shows no online redo group on " + catalog.describe());
      }
      RedoGroup reference = snapshot.groups().stream().filter(g -> g.is(RedoGroup.CURRENT)).findFirst()
          .orElse(snapshot.groups().get(0));
      RedoGeometry geometry = request.geometry().withDefaultBlocksize(reference.blocksize());
      Set<Integer> used = snapshot.groups().stream().map(RedoGroup::group).collect(Collectors.toCollection(TreeSet::new));
      List<Integer> newGroups = new ArrayList<>();
      for (int n = 1; newGroups.size() < request.newGroups(); n++) {
        if (!used.contains(n)) {
          newGroups.add(n);
        }
      }
      RelocationPlan p = new RelocationPlan(request, snapshot, geometry, newGroups);
      new LocalTargetCheck(request, geometry).check(newGroups);
      return p;
    } catch (SQLException e) {
      throw new RefusedException("could not read the redo configuration of " + catalog.describe() + ": "
          + OracleErrors.firstLine(e));
    }
  }

  private Plan render(RelocationPlan p) {
    Plan.Builder plan = new Plan.Builder("move the online redo logs of " + catalog.describe() + " from "
        + p.oldDirectories() + " to " + request.targetDirectory() + " (" + p.geometry().clause() + ", "
        + p.newGroups().size() + " groups)");
    plan.step(PlannedStep.sql("discover the redo groups; keep the old group numbers and member paths",
        JdbcOracleRedoCatalog.GROUPS_SQL));
    plan.step(PlannedStep.sql("add " + p.newGroups().size() + " groups at the target (expect STATUS UNUSED)",
        p.newGroups().stream().map(n -> RedoStatements.add(n, List.of(request.memberPath(n)), p.geometry()))
            .toArray(String[]::new)));
    plan.step(PlannedStep.sql("switch, repeated until a new group is CURRENT", RedoStatements.SWITCH));
    plan.step(PlannedStep.sql("checkpoint, repeated until the old groups " + p.oldNumbers() + " are INACTIVE",
        RedoStatements.CHECKPOINT));
    if (p.archiveLog()) {
      plan.step(PlannedStep.sql("archive (ARCHIVELOG mode) and wait until the old groups show ARCHIVED=YES",
          RedoStatements.ARCHIVE_CURRENT));
    }
    plan.step(PlannedStep.sql("drop the old groups (ORA-01624: checkpoint and retry; ORA-01623: switch and retry;"
        + " ORA-01567: add a group at the target first)",
        p.oldNumbers().stream().map(RedoStatements::drop).toArray(String[]::new)));
    List<String> files = p.oldGroups().stream().flatMap(g -> g.paths().stream()).toList();
    plan.step(PlannedStep.of("remove the old member files on the database host ("
        + (remover.isPresent() ? "done by the agent" : "by its operator") + "; Oracle deletes only files it named itself)",
        files.stream().filter(f -> !RelocationPlan.isOmf(f)).map(f -> Command.of("rm", "--", f)).toArray(Command[]::new)));
    plan.step(PlannedStep.sql("verify: every member's V$LOGFILE.STATUS is empty, at least 2 groups, all members in "
        + request.targetDirectory(), JdbcOracleRedoCatalog.GROUPS_SQL));
    plan.note("log mode " + p.snapshot().logMode() + "; old groups: "
        + p.oldGroups().stream().map(RedoGroup::describe).collect(Collectors.joining("; ")));
    plan.note("before the first DROP a failure is rolled back (the new groups are dropped once INACTIVE);"
        + " undo moves the logs back to " + p.oldDirectories().get(0) + " as " + p.oldGeometry().clause());
    files.stream().filter(RelocationPlan::isOmf).forEach(f -> plan.note(f + " is Oracle-managed: DROP deletes it"));
    return plan.build();
  }

  private int add(int group, RedoGeometry geometry, Journal journal, List<Integer> added)
      throws SQLException, IOException {
    String path = request.memberPath(group);
    String sql = RedoStatements.add(group, List.of(path), geometry);
    catalog.execute(sql);
    added.add(group);
    journal.step("added group", Map.of("group", Integer.toString(group), "paths", path, "bytes",
        Long.toString(geometry.bytes()), "blocksize", Integer.toString(geometry.blocksize().orElse(0)), "sql", sql));
    return group;
  }

  private int nextUnused() throws SQLException {
    Set<Integer> used = catalog.groups().stream().map(RedoGroup::group).collect(Collectors.toSet());
    int n = 1;
    while (used.contains(n)) {
      n++;
    }
    return n;
  }

  private void switchLogfile(Journal journal, String reason) throws SQLException {
    catalog.execute(RedoStatements.SWITCH);
    journaled(journal, "switched logfile", RedoStatements.SWITCH, reason);
  }

  private void checkpoint(Journal journal) throws SQLException {
    catalog.execute(RedoStatements.CHECKPOINT);
    journaled(journal, "checkpoint", RedoStatements.CHECKPOINT, "relocation");
  }

  private static void journaled(Journal journal, String action, String sql, String reason) throws SQLException {
    try {
      journal.step(action, Map.of("sql", sql, "reason", reason));
    } catch (IOException e) {
      throw new SQLException("executed " + sql + " but could not journal it: " + e.getMessage(), e);
    }
  }

  private void cleanUp(List<RedoGroup> oldGroups, Journal journal) throws IOException {
    for (RedoGroup old : oldGroups) {
      for (String path : old.paths()) {
        if (RelocationPlan.isOmf(path)) {
          journal.note(path + " is Oracle-managed and was deleted by DROP");
        } else if (remover.isPresent()) {
          removeOrReport(path, journal);
        } else {
          leftForOperator.add(path);
          journal.note("dropped member left for the operator to remove on the database host: "
              + Command.of("rm", "--", path).display());
        }
      }
    }
  }

  private void removeOrReport(String path, Journal journal) throws IOException {
    try {
      remover.get().apply(path);
      journal.step("removed member file", Map.of("path", path));
    } catch (Exception e) {
      leftForOperator.add(path);
      journal.note("could not remove dropped member " + path + " (" + OracleErrors.firstLine(e)
          + "); remove it on the database host: " + Command.of("rm", "--", path).display());
    }
  }

  private void verify(Journal journal) throws SQLException, IOException {
    List<RedoGroup> groups = catalog.groups();
    // A member never written yet may show a status until its group's first turn as CURRENT: let
    // each such group be switched into once before judging.
    for (int i = 0; i <= request.newGroups() && groups.stream().anyMatch(OracleRedoRelocation::unusedWithStatus); i++) {
      switchLogfile(journal, "verify: write every new member once");
      groups = catalog.groups();
    }
    List<String> problems = new ArrayList<>();
    if (groups.size() < 2) {
      problems.add("only " + groups.size() + " group(s) remain");
    }
    for (RedoGroup g : groups) {
      for (RedoGroup.Member m : g.members()) {
        m.status().ifPresent(s -> problems.add(m.path() + " has V$LOGFILE.STATUS " + s));
        if (!request.atTarget(m.path())) {
          problems.add(m.path() + " (group " + g.group() + ") is not in " + request.targetDirectory());
        }
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalStateException("verification failed: " + String.join("; ", problems));
    }
    journal.note("verified: " + groups.size() + " groups, every member in " + request.targetDirectory()
        + " with an empty V$LOGFILE.STATUS");
  }

  private static boolean unusedWithStatus(RedoGroup g) {
    return g.is(RedoGroup.UNUSED) && g.members().stream().anyMatch(m -> m.status().isPresent());
  }

  private void rollBack(List<Integer> added, Journal journal, Exception cause) throws IOException {
    if (added.isEmpty()) {
      journal.end("failed: " + OracleErrors.firstLine(cause) + "; nothing had been changed");
      return;
    }
    try {
      polling.until("an old group to become CURRENT again", catalog, () -> switchLogfile(journal, "rollback"),
          groups -> groups.stream().anyMatch(g -> g.is(RedoGroup.CURRENT) && !added.contains(g.group())));
      polling.until("the new groups " + added + " to become INACTIVE", catalog, () -> checkpoint(journal),
          groups -> groups.stream().filter(g -> added.contains(g.group())).noneMatch(RedoGroup::inUse));
      RedoGroupDropper dropper = new RedoGroupDropper(catalog, polling, journal);
      for (RedoGroup g : catalog.groups()) {
        if (added.contains(g.group())) {
          dropper.drop(g, null);
          cleanUp(List.of(g), journal);
        }
      }
      journal.end("failed: " + OracleErrors.firstLine(cause) + "; rolled back: dropped the new groups " + added);
    } catch (Exception rollbackFailure) {
      cause.addSuppressed(rollbackFailure);
      journal.end("failed: " + OracleErrors.firstLine(cause) + "; rollback failed too: "
          + OracleErrors.firstLine(rollbackFailure) + "; new groups " + added + " may remain at "
          + request.targetDirectory());
    }
  }
}
