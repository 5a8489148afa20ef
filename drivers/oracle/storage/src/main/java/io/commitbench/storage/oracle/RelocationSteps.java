package io.commitbench.storage.oracle;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.plan.Action;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.plan.Step;
import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The steps of an Oracle redo relocation (storage-agent design §1.4), built by the same code for
 * the plan that shows them and for the apply that runs them, in two phases: the discovery (read
 * only), then, from what it found, add, switch, checkpoint, archive, drop, remove the old files,
 * verify; and the roll back of a failure before the first drop. Every statement runs through the
 * applier's {@link Action.Lines}, shown, timed and journaled under the texts undo reads ({@code
 * discovered}, {@code added group}, {@code dropped group}, …); a loop or a remedy journals each
 * statement it issues. An old file the agent cannot reach is an {@link Action#forOperator} entry:
 * shown, noted, never run. Not thread-safe.
 */
final class RelocationSteps {

  /**
   * What one apply has found and done so far, which its later steps and its roll back go on from.
   * A plan fills nothing in it.
   */
  static final class Attempt {
    /** What the discovery found and decided; set once it ran. */
    RelocationPlan found;
    /** The groups added at the target, in order. */
    final List<Integer> added = new ArrayList<>();
    /** Whether the first old group's drop began: from then on a failure is not rolled back. */
    boolean dropping;
  }

  private final OracleRedoCatalog catalog;
  private final RedoRelocationRequest request;
  private final RedoPolling polling;
  private final Optional<MemberFileAction> remover;
  private final Consumer<String> leftForOperator;

  /** @param leftForOperator gets each member file left for the operator to remove, when it is left */
  RelocationSteps(OracleRedoCatalog catalog, RedoRelocationRequest request, RedoPolling polling,
      Optional<MemberFileAction> remover, Consumer<String> leftForOperator) {
    this.catalog = catalog;
    this.request = request;
    this.polling = polling;
    this.remover = remover;
    this.leftForOperator = leftForOperator;
  }

  /**
   * Checks the session and reads the redo groups, changing nothing, and decides the new groups'
   * numbers and geometry.
   *
   * @throws RefusedException when the relocation must not be done, or the server cannot be read
   */
  RelocationPlan discover() throws RefusedException {
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
      Set<Integer> used = snapshot.groups().stream().map(RedoGroup::group)
          .collect(Collectors.toCollection(TreeSet::new));
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

  /** The first phase: {@link #discover}, journaled as {@code discovered}; what it found goes to {@code attempt}. */
  Step discovery(Attempt attempt) {
    return Step.recordedByActions("discover the redo groups; keep the old group numbers and member paths",
        Action.journaling(List.of(JdbcOracleRedoCatalog.GROUPS_SQL), lines -> {
          attempt.found = lines.run(JdbcOracleRedoCatalog.GROUPS_SQL, this::discover);
          lines.step("discovered", attempt.found.discoveryDetail());
        }));
  }

  /** The second phase, made from what the discovery found: every step after it, in order. */
  List<Step> forward(RelocationPlan p, Attempt attempt) {
    List<Step> steps = new ArrayList<>();
    steps.add(Step.recordedByActions("add " + p.newGroups().size() + " groups at the target (expect STATUS UNUSED)",
        p.newGroups().stream().map(n -> Action.journaling(List.of(addStatement(n, p.geometry())),
            lines -> add(n, p.geometry(), lines, attempt.added))).toList()));
    steps.add(Step.recordedByActions("switch, repeated until a new group is CURRENT", until(RedoStatements.SWITCH,
        () -> "a new group (" + attempt.added + ") to become CURRENT", lines -> switchLogfile(lines, "relocation"),
        groups -> groups.stream().anyMatch(g -> g.is(RedoGroup.CURRENT) && attempt.added.contains(g.group())))));
    steps.add(Step.recordedByActions("checkpoint, repeated until the old groups " + p.oldNumbers() + " are INACTIVE",
        until(RedoStatements.CHECKPOINT, () -> "the old groups " + p.oldNumbers() + " to become INACTIVE",
            this::checkpoint, groups -> groups.stream().filter(g -> p.oldNumbers().contains(g.group()))
                .noneMatch(RedoGroup::inUse))));
    if (p.archiveLog()) {
      steps.add(archiveStep(p));
    }
    steps.add(Step.recordedByActions("drop the old groups (ORA-01624: checkpoint and retry; ORA-01623: switch and"
        + " retry; ORA-00350: archive and retry; ORA-01567: add a group at the target first)",
        p.oldGroups().stream().map(old -> Action.journaling(List.of(RedoStatements.drop(old.group())), lines -> {
          attempt.dropping = true;
          new RedoGroupDropper(catalog, polling, lines).drop(old, () -> add(nextUnused(), p.geometry(), lines,
              attempt.added));
        })).toList()));
    steps.add(Step.recordedByActions("remove the old member files on the database host ("
        + (remover.isPresent() ? "done by the agent" : "by its operator")
        + "; Oracle deletes only files it named itself)", removals(p.oldGroups())));
    steps.add(Step.recordedByActions("verify: every member's V$LOGFILE.STATUS is empty, at least 2 groups, all members"
        + " in " + request.targetDirectory(), Action.journaling(List.of(JdbcOracleRedoCatalog.GROUPS_SQL),
            this::verify)));
    return steps;
  }

  /**
   * The roll back of a failure before the first drop: switch back to an old group, checkpoint
   * until the new ones are free, drop them and remove (or leave) their files. Reads the groups.
   */
  List<Step> rollBack(Attempt attempt) throws SQLException {
    List<Integer> added = List.copyOf(attempt.added);
    List<Action> drops = new ArrayList<>();
    for (RedoGroup g : catalog.groups()) {
      if (added.contains(g.group())) {
        drops.add(Action.journaling(List.of(RedoStatements.drop(g.group())),
            lines -> new RedoGroupDropper(catalog, polling, lines).drop(g, null)));
        drops.addAll(removals(List.of(g)));
      }
    }
    return List.of(
        Step.recordedByActions("roll back: switch, repeated until an old group is CURRENT again",
            until(RedoStatements.SWITCH, () -> "an old group to become CURRENT again",
                lines -> switchLogfile(lines, "rollback"),
                groups -> groups.stream().anyMatch(g -> g.is(RedoGroup.CURRENT) && !added.contains(g.group())))),
        Step.recordedByActions("roll back: checkpoint, repeated until the new groups " + added + " are INACTIVE",
            until(RedoStatements.CHECKPOINT, () -> "the new groups " + added + " to become INACTIVE", this::checkpoint,
                groups -> groups.stream().filter(g -> added.contains(g.group())).noneMatch(RedoGroup::inUse))),
        Step.recordedByActions("roll back: drop the new groups " + added + " and remove their member files", drops));
  }

  /** Issues one statement, journaled, until the server shows the state it waits for. */
  @FunctionalInterface
  private interface Nudger {
    void issue(Action.Lines lines) throws SQLException, IOException;
  }

  /**
   * {@code statement}, shown once, issued by {@code nudge} and journaled each time until the groups
   * satisfy {@code done} ({@link RedoPolling#until}); {@code awaited} names the wait when it times
   * out, read then.
   */
  private Action until(String statement, Supplier<String> awaited, Nudger nudge, Predicate<List<RedoGroup>> done) {
    return Action.journaling(List.of(statement),
        lines -> polling.until(awaited.get(), catalog, () -> nudge.issue(lines), done));
  }

  /** Archives the current log, then waits until the old groups show ARCHIVED=YES. */
  private Step archiveStep(RelocationPlan p) {
    return Step.recordedByActions("archive (ARCHIVELOG mode) and wait until the old groups show ARCHIVED=YES",
        Action.journaling(List.of(RedoStatements.ARCHIVE_CURRENT), lines -> {
          RedoGroupDropper.execute(catalog, lines, RedoStatements.ARCHIVE_CURRENT);
          lines.step("archived current log", Map.of("sql", RedoStatements.ARCHIVE_CURRENT));
          polling.until("the old groups " + p.oldNumbers() + " to be ARCHIVED", catalog, () -> { },
              groups -> groups.stream().filter(g -> p.oldNumbers().contains(g.group())).allMatch(RedoGroup::archived));
        }));
  }

  private String addStatement(int group, RedoGeometry geometry) {
    return RedoStatements.add(group, List.of(request.memberPath(group)), geometry);
  }

  private int add(int group, RedoGeometry geometry, Action.Lines lines, List<Integer> added)
      throws SQLException, IOException {
    String path = request.memberPath(group);
    String sql = addStatement(group, geometry);
    RedoGroupDropper.execute(catalog, lines, sql);
    added.add(group);
    lines.step("added group", Map.of("group", Integer.toString(group), "paths", path, "bytes",
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

  private void switchLogfile(Action.Lines lines, String reason) throws SQLException, IOException {
    RedoGroupDropper.execute(catalog, lines, RedoStatements.SWITCH);
    lines.step("switched logfile", Map.of("sql", RedoStatements.SWITCH, "reason", reason));
  }

  private void checkpoint(Action.Lines lines) throws SQLException, IOException {
    RedoGroupDropper.execute(catalog, lines, RedoStatements.CHECKPOINT);
    lines.step("checkpoint", Map.of("sql", RedoStatements.CHECKPOINT, "reason", "relocation"));
  }

  /** For each member file of {@code groups}, in order: its removal, or the note that Oracle or the operator does it. */
  private List<Action> removals(List<RedoGroup> groups) {
    return groups.stream().flatMap(g -> g.paths().stream()).map(this::removal).toList();
  }

  private Action removal(String path) {
    String rm = Command.of("rm", "--", path).display();
    if (RelocationPlan.isOmf(path)) {
      return Action.recorded(List.of(), () -> Action.Outcome.note(path + " is Oracle-managed and was deleted by DROP",
          Map.of()));
    }
    if (remover.isEmpty()) {
      return Action.forOperator(rm, () -> {
        leftForOperator.accept(path);
        return Action.Outcome.note("dropped member left for the operator to remove on the database host: " + rm,
            Map.of());
      });
    }
    return Action.journaling(List.of(rm), lines -> {
      try {
        lines.run(rm, () -> {
          remover.get().apply(path);
          return null;
        });
        lines.step("removed member file", Map.of("path", path));
      } catch (Exception e) {
        leftForOperator.accept(path);
        lines.note("could not remove dropped member " + path + " (" + OracleErrors.firstLine(e)
            + "); remove it on the database host: " + rm);
      }
    });
  }

  private void verify(Action.Lines lines) throws SQLException, IOException {
    List<RedoGroup> groups = lines.run(JdbcOracleRedoCatalog.GROUPS_SQL, catalog::groups);
    // A member never written yet may show a status until its group's first turn as CURRENT: let
    // each such group be switched into once before judging.
    for (int i = 0; i <= request.newGroups() && groups.stream().anyMatch(RelocationSteps::unusedWithStatus); i++) {
      switchLogfile(lines, "verify: write every new member once");
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
    lines.note("verified: " + groups.size() + " groups, every member in " + request.targetDirectory()
        + " with an empty V$LOGFILE.STATUS");
  }

  private static boolean unusedWithStatus(RedoGroup g) {
    return g.is(RedoGroup.UNUSED) && g.members().stream().anyMatch(m -> m.status().isPresent());
  }
}
