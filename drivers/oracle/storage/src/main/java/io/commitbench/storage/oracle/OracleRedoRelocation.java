package io.commitbench.storage.oracle;

import io.commitbench.driver.oracle.OracleDialect;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.relocate.JournaledRelocation;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Moves an open Oracle database's online redo logs to another directory without stopping it
 * (storage-agent design §1.4): add new groups at the target, switch until one of them is current,
 * checkpoint (and archive, in ARCHIVELOG mode) until the old ones are free, drop the old ones,
 * have their files removed, verify. {@code RENAME FILE} would need the database mounted, not open.
 * The plan and the apply are made of the same steps ({@link RelocationSteps}), applied and
 * journaled through the storage agent's {@link Applier}; the old files the agent cannot reach are
 * shown and journaled as left for the operator, never run.
 *
 * <pre>
 * try (Connection root = DriverManager.getConnection("jdbc:oracle:thin:@db:1521/FREE", "system", pw)) {
 *   OracleRedoRelocation move = OracleRedoRelocation.forConnection(root,
 *       RedoRelocationRequest.of("/ssd/redo", RedoGeometry.ofSize(50 * RedoGeometry.MEGABYTE)));
 *   move.plan().render(Plan.Mode.DRY_RUN).forEach(System.out::println);
 *   try (Applier applier = Applier.begin(file, OracleRedoRelocation.OPERATION, move.journalParameters(),
 *       ProcessCommandRunner.standard(), System.out)) {
 *     move.apply(applier);
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
  private final List<String> leftForOperator = new ArrayList<>();
  private final RelocationSteps steps;

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
    this.steps = new RelocationSteps(catalog, request, polling, remover, leftForOperator::add);
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
    RelocationPlan p = steps.discover();
    RelocationSteps.Attempt none = new RelocationSteps.Attempt();
    Plan.Builder plan = new Plan.Builder("move the online redo logs of " + catalog.describe() + " from "
        + p.oldDirectories() + " to " + request.targetDirectory() + " (" + p.geometry().clause() + ", "
        + p.newGroups().size() + " groups)");
    plan.step(steps.discovery(none));
    steps.forward(p, none).forEach(plan::step);
    plan.note("log mode " + p.snapshot().logMode() + "; old groups: "
        + p.oldGroups().stream().map(RedoGroup::describe).collect(Collectors.joining("; ")));
    plan.note("before the first DROP a failure is rolled back (the new groups are dropped once INACTIVE);"
        + " undo moves the logs back to " + p.oldDirectories().get(0) + " as " + p.oldGeometry().clause());
    p.oldGroups().stream().flatMap(g -> g.paths().stream()).filter(RelocationPlan::isOmf)
        .forEach(f -> plan.note(f + " is Oracle-managed: DROP deletes it"));
    return plan.build();
  }

  /**
   * Applies the plan in its two phases through the applier: the discovery (made anew, so the
   * steps fit the server as it is now), then the steps made from what it found, numbered on as
   * the plan showed them. A refusal ends the journal {@code refused: …}; a failure before the first
   * drop is rolled back, one after it is not (the journal's end says to undo it).
   */
  @Override
  public void apply(Applier applier) throws Exception {
    RelocationSteps.Attempt attempt = new RelocationSteps.Attempt();
    try {
      applier.applyFrom(1, List.of(steps.discovery(attempt)));
    } catch (RefusedException e) {
      applier.end("refused: " + e.getMessage());
      throw e;
    }
    try {
      applier.applyFrom(2, steps.forward(attempt.found, attempt));
      applier.completed();
    } catch (Exception e) {
      if (!attempt.dropping) {
        rollBack(applier, attempt, e);
      } else {
        applier.end("failed after old groups began to be dropped: " + OracleErrors.firstLine(e)
            + "; not rolled back (the new groups hold the redo); undo this journal to move the logs back");
      }
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt(); // rolled back first, so the server is left consistent
      }
      throw e;
    }
  }

  private void rollBack(Applier applier, RelocationSteps.Attempt attempt, Exception cause) throws IOException {
    List<Integer> added = attempt.added;
    if (added.isEmpty()) {
      applier.end("failed: " + OracleErrors.firstLine(cause) + "; nothing had been changed");
      return;
    }
    try {
      applier.applyFrom(1, steps.rollBack(attempt));
      applier.end("failed: " + OracleErrors.firstLine(cause) + "; rolled back: dropped the new groups " + added);
    } catch (Exception rollbackFailure) {
      cause.addSuppressed(rollbackFailure);
      applier.end("failed: " + OracleErrors.firstLine(cause) + "; rollback failed too: "
          + OracleErrors.firstLine(rollbackFailure) + "; new groups " + added + " may remain at "
          + request.targetDirectory());
    }
  }
}
