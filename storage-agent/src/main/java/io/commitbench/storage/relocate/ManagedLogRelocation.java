package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.KeptOldLogs;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.instance.RelocationLock;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.lab.LabKeptLogs;
import io.commitbench.core.host.lab.LabState;
import io.commitbench.storage.plan.Action;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.plan.Step;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What every move of a managed instance's log shares: the refusals (checked before anything
 * changes), the lock, the stop before and the start after the move, the journal, and the roll
 * back on failure. What moves and how it is verified is the kind's ({@link
 * PostgresqlWalRelocation}, {@link MariadbRedoRelocation}).
 *
 * <p>The log directory is the directory given with {@code --to}: the WAL goes to {@code
 * TO/pg_wal}, the redo log to {@code TO/ib_logfile0}. Not thread-safe.
 */
public abstract class ManagedLogRelocation implements JournaledRelocation {

  /** The journal's operation name, which {@code storage undo} dispatches on. */
  public static final String OPERATION = "relocate-log";
  /** Room kept free beyond the log's size and its 20 % allowance. */
  static final long MARGIN_BYTES = 64L << 20;
  /** The journal's first step; its {@code server} detail says whether the server ran before the move. */
  static final String LOCKED = "took the relocation lock";
  /** The {@code server} detail of {@link #LOCKED} for a server that was running. */
  static final String RUNNING = "running";
  /** The journal's step for stopping the server before the move. */
  static final String STOPPED = "stopped the server";
  /** How a note and an outcome of a failure begin; a journal with such a note was rolling back. */
  static final String FAILED = "failed: ";
  /**
   * The journal's step after which the server may run on the copy, writing to it: from then on
   * the copy, not the old log, is the one to keep.
   */
  static final String RECORDED_NEW = "recorded the new log directory in the instance descriptor";

  /** The journal's step for a target the move made; undo finds the directory to remove by it. */
  static final String MADE_TARGET = "made the target directory";
  /** The journal's step for a made directory removed again. */
  static final String REMOVED_MADE = "removed the directory the relocation made";
  /** How the note begins that a made directory was not empty and stays. */
  static final String LEFT_MADE = "left the directory the relocation made, ";

  protected final ManagedInstance instance;
  protected final Path target;
  protected final CommandRunner runner;
  protected final Clock clock;
  private final List<Path> allowedRoots;
  private final RelocationLock lock;
  protected final Path origin;
  private boolean createTarget;
  /** What the last plan decided: the target is missing and is to be made. */
  private boolean makeTarget;
  /** Whether this apply made the target (and a roll back removes it again when empty). */
  private boolean madeTarget;
  private Optional<Path> createdOrigin = Optional.empty();
  private final List<String> remarks = new ArrayList<>();
  /** The journal this move writes, once it applies; a kept old log's record on a lab names it. */
  private Path journalFile;
  /** The steps the last plan showed, which {@link #apply} runs. */
  private List<Step> steps = List.of();

  /**
   * @param origin the log directory the move starts from: the instance's now, or the one an
   *     interrupted move's journal recorded when it is recovered
   */
  protected ManagedLogRelocation(ManagedInstance instance, Path origin, Path target, List<Path> allowedRoots,
      CommandRunner runner, Clock clock) {
    this.instance = instance;
    this.target = target.toAbsolutePath().normalize();
    this.allowedRoots = List.copyOf(allowedRoots);
    this.runner = runner;
    this.clock = clock;
    this.lock = new RelocationLock(instance.descriptor().instanceDir());
    this.origin = origin;
  }

  @Override
  public String operation() {
    return OPERATION;
  }

  /** The parameters to begin the journal with: what undo needs to find the instance and the origin. */
  @Override
  public Map<String, String> journalParameters() {
    return Map.of("instance", instance.descriptor().instanceDir().toString(), "kind", instance.descriptor().kind(),
        "from", origin.toString(), "to", target.toString(), "log", oldLog().toString());
  }

  /** {@code INSTANCE/journals/relocate-log-<time>.journal}: the journal stays with the instance it moved. */
  @Override
  public Path defaultJournal() {
    return Journal.timestampedFile(instance.descriptor().instanceDir().resolve(InstanceDescriptor.JOURNALS),
        OPERATION);
  }

  @Override
  public final Plan plan() throws RefusedException {
    RelocationChecks checks = new RelocationChecks(runner);
    lock.requireFree();
    String osUser = instance.engine().osUser();
    makeTarget = checks.toCreate(target, createTarget);
    Path realTarget = makeTarget
        ? checks.existingDirectory(target.getParent()).resolve(target.getFileName())
        : checks.existingDirectory(target);
    checks.withinRoots(realTarget, allowedRoots);
    if (!makeTarget) {
      checks.writableBy(osUser, target);
    }
    checks.notCurrent(realTarget, origin);
    refuseIfOccupied();
    long logBytes = checks.logSize(instance.currentLog());
    Path space = makeTarget ? target.getParent() : target;
    long free = checks.enoughSpace(space, logBytes, MARGIN_BYTES);
    Plan.Builder plan = new Plan.Builder("move the " + logName() + " of " + instance.descriptor().kind()
        + " instance " + instance.descriptor().instanceDir() + " from " + origin + " to " + target);
    steps = steps();
    steps.forEach(plan::step);
    plan.note(String.format("%s: %,d bytes; free in %s: %,d bytes (needed: %,d = log × 1.2 + %d MiB)", logName(),
        logBytes, space, free, RelocationChecks.needed(logBytes, MARGIN_BYTES), MARGIN_BYTES >> 20));
    growthNote(space, free).ifPresent(plan::note);
    if (createTarget && !makeTarget) {
      plan.note(RelocationChecks.CREATE_TARGET + ": " + target + " exists already; nothing is made");
    }
    plan.note("on any failure the log goes back to " + origin + " and the server is started as before"
        + (makeTarget ? "; the target directory made for it is removed again if empty" : ""));
    plan.note("a server that was not running is stopped again at the end, as it was: "
        + String.join(" && ", stopShown()));
    plan.note("lock while it runs: " + lock.file());
    notes().forEach(plan::note);
    return plan.build();
  }

  /** What {@link #apply} runs, in order, as the plan shows it; built by {@link #plan} for the state it checked. */
  private List<Step> steps() {
    List<Step> all = new ArrayList<>();
    if (makeTarget) {
      all.add(makeTargetStep());
    }
    all.add(stopStep("stop the server (" + stopKind() + ")"));
    all.addAll(moveSteps());
    all.add(new Step(recordDescription(), List.of(Action.local(instance.descriptor().instanceDir()
        .resolve(InstanceDescriptor.FILE) + ": \"logDir\": \"" + target + "\"", () -> instance.recordLogDir(target))),
        RECORDED_NEW, Map.of("old", origin.toString(), "new", target.toString())));
    all.add(startStep());
    all.addAll(verifySteps());
    all.addAll(finishSteps());
    createdOrigin.ifPresent(dir -> all.add(removeMadeStep(dir)));
    return all;
  }

  /**
   * Lets the plan make a missing target ({@code mkdir}, then {@code chown} to the server's OS user)
   * instead of refusing it; an existing target is used as it is. Call before {@link #plan}.
   */
  public final ManagedLogRelocation creatingTarget(boolean create) {
    this.createTarget = create;
    return this;
  }

  /**
   * For the move that undoes one with a target it made: after the log is back, {@code dir} (this
   * move's origin) is removed if it is empty, and left, with a note of what it holds, if not.
   */
  final ManagedLogRelocation removingOriginIfEmpty(Path dir) {
    this.createdOrigin = Optional.of(dir);
    return this;
  }

  /**
   * Plans again (the checks are made anew) and applies that plan's steps under the journal the
   * applier began, between taking the lock (journaled first, with the server's state) and releasing
   * it; a server that was not running is stopped again at the end. A failure is rolled back.
   */
  @Override
  public final void apply(Applier applier) throws Exception {
    plan();
    journaledIn(applier.journal().file());
    applier.inProcess("create " + lock.file() + ", naming this journal and process; refused when it exists",
        () -> {
          lock.acquire(journalFile);
          return null;
        });
    boolean wasRunning = instance.running();
    applier.record(LOCKED, Map.of("lock", lock.file().toString(), "server", wasRunning ? RUNNING : "stopped"));
    try {
      List<Step> all = new ArrayList<>(steps);
      if (!wasRunning) {
        all.add(stopAgainStep("stop the server again, as it was before the move"));
      }
      applier.apply(all);
    } catch (Exception failure) {
      rollBack(applier, failure, wasRunning);
      throw failure;
    }
    // The lock goes before the end line: a crash in between leaves a journal to recover, not a lock to remove.
    lock.release();
    applier.completed();
  }

  /**
   * Puts the log back after a failure, each action journaled with its exit code like the move's:
   * the server stopped, what the move did undone, the old directory recorded again, a target it
   * made removed when empty, and the server started as before.
   */
  private void rollBack(Applier applier, Exception failure, boolean wasRunning) throws IOException {
    Journal journal = applier.journal();
    applier.endOfStep(); // what ran of the step that failed, before the failure's note
    applier.note(FAILED + failure.getMessage());
    try {
      applier.apply(List.of(stopStep("stop the server (" + stopKind() + ")")));
      applier.apply(restoreSteps());
      List<Step> back = new ArrayList<>();
      back.add(new Step("record the old log directory " + origin + " in the instance descriptor", List.of(
          Action.local(instance.descriptor().instanceDir().resolve(InstanceDescriptor.FILE) + ": \"logDir\": \""
              + origin + "\"", () -> instance.recordLogDir(origin))),
          "recorded the old log directory in the instance descriptor", Map.of("logDir", origin.toString())));
      if (madeTarget) {
        back.add(removeMadeStep(target));
      }
      if (wasRunning) {
        back.add(Step.of("start the server with its log in " + origin, "started the server with its log in " + origin,
            Action.local(instance.engine().startCommand(instance.descriptor().withLogDir(origin)).display(),
                instance::start)));
      }
      applier.apply(back);
      lock.release();
      applier.end(FAILED + failure.getMessage() + "; rolled back, the log is in " + origin);
    } catch (Exception e) {
      failure.addSuppressed(e);
      journal.end(FAILED + failure.getMessage() + "; roll back failed too: " + e.getMessage()
          + "; the lock " + lock.file() + " stays until someone repairs the instance");
      // An ended journal is not recovered by undo: what failed twice needs a person first.
    }
  }

  /** Makes the missing target and hands it to the server's OS user; each journaled, the first before the second. */
  private Step makeTargetStep() {
    String osUser = instance.engine().osUser();
    return new Step("make the target directory and hand it to the server's OS user " + osUser
        + " (journaled: undo removes it again if it is empty then)",
        List.of(Action.recorded(Command.of("mkdir", target.toString()).display(), () -> {
          Files.createDirectory(target);
          madeTarget = true;
          return Action.Outcome.step(MADE_TARGET, Map.of("path", target.toString()));
        }), Action.run(Command.of("chown", osUser + ":", target.toString()))),
        "handed the target directory to the server's OS user", Map.of("path", target.toString(), "owner", osUser));
  }

  /** The commands that stop the server, as a plan shows them. */
  private List<String> stopShown() {
    return instance.engine().stopCommands(instance.descriptor()).stream().map(Command::display).toList();
  }

  /** Stops the server unless it is stopped, journaled as {@link #STOPPED} only when it ran. */
  Step stopStep(String description) {
    return Step.recordedByActions(description, Action.recorded(stopShown(),
        () -> instance.stop() ? Action.Outcome.step(STOPPED, Map.of("how", stopKind())) : Action.Outcome.none()));
  }

  /** Stops the server at the end of a move when it was not running before; journaled only when it ran. */
  Step stopAgainStep(String description) {
    return Step.recordedByActions(description, Action.recorded(stopShown(), () -> instance.stop()
        ? Action.Outcome.step("stopped the server again, as it was before", Map.of()) : Action.Outcome.none()));
  }

  /** Starts the server on the new log for the verification; a kind may note where its log begins first. */
  Step startStep() {
    return Step.of("start the server with its log in " + target, "started the server",
        Action.local(instance.engine().startCommand(instance.descriptor().withLogDir(target)).display(),
            this::startForVerify)).withDetail(Map.of("logDir", target.toString()));
  }

  /** What the step that records the new log directory in the instance descriptor says it does. */
  protected String recordDescription() {
    return "record the new log directory " + target + " in the instance descriptor";
  }

  /** Removes a directory a relocation made, if empty; else leaves it and says what it holds. */
  Action.Outcome removeIfEmpty(Path dir) throws IOException {
    if (!Files.isDirectory(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return Action.Outcome.none();
    }
    List<String> held;
    try (java.util.stream.Stream<Path> list = Files.list(dir)) {
      held = list.map(p -> p.getFileName().toString()).sorted().toList();
    }
    if (held.isEmpty()) {
      Files.delete(dir);
      return Action.Outcome.step(REMOVED_MADE, Map.of("path", dir.toString()));
    }
    String left = LEFT_MADE + dir + ": it is not empty (holds " + String.join(", ", held) + ")";
    remarks.add(left);
    return Action.Outcome.declined(left, Map.of("path", dir.toString()));
  }

  /** The step of {@link #removeIfEmpty}. */
  Step removeMadeStep(Path dir) {
    return Step.recordedByActions("remove " + dir + ", which the relocation being undone made, if it is empty by then"
        + " (else it stays, and the output says what it holds)",
        Action.recorded(Command.of("rmdir", dir.toString()).display(), () -> removeIfEmpty(dir)));
  }

  /** The note a verification journals: {@code verified: WHAT WAS SEEN}. */
  protected static Action.Outcome verified(String seen) {
    return Action.Outcome.note("verified: " + seen, Map.of());
  }

  @Override
  public List<String> remarks() {
    return List.copyOf(remarks);
  }

  /** The log as it is in the origin: {@code FROM/pg_wal}, {@code FROM/ib_logfile0}. */
  protected Path oldLog() {
    return instance.engine().logIn(origin);
  }

  /** The log's copy in the target: {@code TO/pg_wal}, {@code TO/ib_logfile0}. */
  protected Path copy() {
    return instance.engine().logIn(target);
  }

  RelocationLock lock() {
    return lock;
  }

  /** Starts the server; a kind may note where its log begins first. */
  protected void startForVerify() throws IOException {
    instance.start();
  }

  /**
   * The name the old log is kept under, beside it: {@code LOG.moved-N}, N the first number from 1
   * that names nothing there. It follows from what is on disk only, so the plan a dry run prints
   * and the plan {@link #apply} makes again name the same path, and a later move, finding that
   * one, takes the next number.
   */
  protected final Path keptLog() {
    Path log = oldLog();
    for (int n = 1; ; n++) {
      Path kept = log.resolveSibling(log.getFileName() + KeptOldLogs.SUFFIX + n);
      if (!exists(kept)) {
        return kept;
      }
    }
  }

  /**
   * The step that keeps the old log under {@link #keptLog} (an atomic rename), journaled as {@code
   * done} with its {@code path}. When it lies on a lab, it is recorded there first ({@link
   * LabKeptLogs}), so that {@code lab down} names it and deletes it only when told to.
   */
  protected final Step keepOldLogStep(String description, String done) {
    Path kept = keptLog();
    List<Action> actions = new ArrayList<>();
    labHolding(kept).ifPresent(root -> actions.add(Action.inProcess("record " + kept + " in "
        + root.resolve(LabKeptLogs.DIR) + ", for lab down to name", () -> LabKeptLogs.record(root,
            new LabKeptLogs.Kept(kept, keptWhat(), journalFile, clock.instant().truncatedTo(ChronoUnit.SECONDS))))));
    actions.add(Action.local(Command.of("mv", "-T", oldLog().toString(), kept.toString()).display(),
        () -> Files.move(oldLog(), kept, StandardCopyOption.ATOMIC_MOVE)));
    return new Step(description, actions, done, Map.of("path", kept.toString()));
  }

  /** What the plan says of the old log that {@link #keepOldLogStep} keeps: where, and on which lab. */
  protected final String keptNote() {
    Path kept = keptLog();
    return "the old " + logName() + " is kept as " + kept + ", not deleted" + labHolding(kept)
        .map(root -> "; it lies on the lab at " + root + ", whose 'lab down' names it and deletes it only with"
            + " --delete-kept-logs").orElse("");
  }

  /** E.g. {@code the old WAL of managed postgresql instance /var/tmp/pg}. */
  private String keptWhat() {
    return "the old " + logName() + " of managed " + instance.descriptor().kind() + " instance "
        + instance.descriptor().instanceDir();
  }

  /** The root of the lab whose mounts hold {@code path}, if any; none when no lab state can be read there. */
  private static Optional<Path> labHolding(Path path) {
    try {
      return LabState.containing(path).map(LabState::root);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Sets the journal the move writes, for the record of a kept old log; {@link #apply} and a recovery call it. */
  final void journaledIn(Path file) {
    this.journalFile = file;
  }

  protected static Path real(Path p) throws IOException {
    return p.toRealPath();
  }

  protected static List<Step> steps(Step... steps) {
    return new ArrayList<>(List.of(steps));
  }

  protected static boolean exists(Path p) {
    return Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS);
  }

  /** The warning when the log may outgrow the target's free space, or why that was not checked; else none. */
  private Optional<String> growthNote(Path space, long free) {
    try {
      return logCeiling().flatMap(c -> c.warning(logName(), space, free));
    } catch (IOException e) {
      return Optional.of("not checked whether the " + logName() + " may outgrow the free space in " + space + ": "
          + e.getMessage());
    }
  }

  /**
   * How large the log may grow, as the server's settings say, for the plan's warning; none for a
   * kind whose log does not grow (a fixed-size redo file). Changes nothing.
   *
   * @throws IOException when the settings cannot be read (the server does not answer)
   */
  protected Optional<LogCeiling> logCeiling() throws IOException {
    return Optional.empty();
  }

  /** What the log is called in messages: "WAL", "redo log". */
  protected abstract String logName();

  /** How the server is stopped, in words. */
  protected abstract String stopKind();

  /** Refuses when the target already holds a log of this kind. */
  protected abstract void refuseIfOccupied() throws RefusedException;

  /**
   * The steps that copy the log to the target and point the server at it, the server stopped;
   * each journals what it did.
   */
  protected abstract List<Step> moveSteps();

  /**
   * The steps that check the running server uses the new log; the last journals what was seen
   * ({@link #verified}), and a step fails when it is wrong.
   */
  protected abstract List<Step> verifySteps();

  /** The steps that follow a verified move (keeping or removing the old log); journaled. */
  protected abstract List<Step> finishSteps();

  protected abstract List<String> notes();

  /**
   * The steps that undo whatever {@link #moveSteps} did, the server stopped, each journaled: only
   * those that find something to undo now. Decided by what is found (the copy, the link), not by
   * what this object did, so that they also roll back a move whose process was killed half-way,
   * as long as the server never ran on the copy.
   */
  protected abstract List<Step> restoreSteps();
}
