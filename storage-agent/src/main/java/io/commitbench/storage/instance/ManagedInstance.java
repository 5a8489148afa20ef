package io.commitbench.storage.instance;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.Step;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A database server the agent made and owns: its directories, port and settings are in the
 * instance directory ({@link InstanceDescriptor}), so every command finds it by that directory
 * alone. The kind's mechanics are in its {@link InstanceEngine}.
 *
 * <pre>
 * ManagedInstance pg = ManagedInstance.create("postgresql", dir, dir.resolve("data"), dir.resolve("log"), 0,
 *     Optional.empty(), runner);              // initialized, running, with a "test" database
 * pg.stop();
 * pg.destroy();
 * </pre>
 *
 * <p>Not thread-safe; one command acts on an instance at a time (a relocation holds a lock file).
 */
public final class ManagedInstance {

  private final InstanceEngine engine;
  private final CommandRunner runner;
  private InstanceDescriptor descriptor;

  private ManagedInstance(InstanceEngine engine, InstanceDescriptor descriptor, CommandRunner runner) {
    this.engine = engine;
    this.descriptor = descriptor;
    this.runner = runner;
  }

  /**
   * Makes a new instance, starts it and creates its {@code test} database; it is left running. The
   * steps are those {@link #planCreate} shows, applied under a journal in {@link #lifecycleJournals}.
   *
   * @param port the TCP port, or 0 for a free one
   * @param throttleCgroup a cgroup v1 directory to start the server in, so it and its children are throttled
   * @throws IllegalArgumentException for an unknown kind, or a data/log directory that is not empty
   */
  public static ManagedInstance create(String kind, Path instanceDir, Path dataDir, Path logDir, int port,
      Optional<Path> throttleCgroup, CommandRunner runner) throws IOException {
    return planCreate(kind, instanceDir, dataDir, logDir, port, throttleCgroup, runner).apply(line -> {});
  }

  /**
   * Checks a new instance and plans its creation, changing nothing: the directories, the port
   * (a free one picked now for 0), the server's version asked of its programs.
   *
   * @throws IllegalArgumentException for an unknown kind, or a data/log directory that is not empty
   */
  public static Creation planCreate(String kind, Path instanceDir, Path dataDir, Path logDir, int port,
      Optional<Path> throttleCgroup, CommandRunner runner) throws IOException {
    InstanceEngine engine = InstanceEngines.forKind(kind).orElseThrow(() -> new IllegalArgumentException(
        "unknown instance kind '" + kind + "'; use one of " + InstanceEngines.kinds()));
    Path inst = instanceDir.toAbsolutePath().normalize();
    if (Files.exists(inst.resolve(InstanceDescriptor.FILE))) {
      throw new FileAlreadyExistsException(inst.resolve(InstanceDescriptor.FILE).toString(), null,
          "an instance exists there already; destroy it first or choose another directory");
    }
    Path data = dataDir.toAbsolutePath().normalize();
    Path log = logDir.toAbsolutePath().normalize();
    Path socket = inst.resolve("socket");
    for (Path p : List.of(data, log)) {
      requireEmptyOrAbsent(p);
    }
    if (throttleCgroup.isPresent() && !Files.isRegularFile(throttleCgroup.get().resolve("cgroup.procs"))) {
      throw new IllegalArgumentException("throttle cgroup " + throttleCgroup.get()
          + " has no cgroup.procs; give a cgroup v1 directory");
    }
    Path bin = engine.findBinaries();
    String version = engine.version(bin, runner);
    List<Path> created = new ArrayList<>();
    for (Path p : List.of(inst, data, log, socket)) {
      if (!Files.exists(p)) {
        created.add(p);
      }
    }
    InstanceDescriptor d = new InstanceDescriptor(inst, engine.kind(), version, bin,
        port == 0 ? FreePort.pick() : port, data, log, socket, throttleCgroup.map(Path::toAbsolutePath),
        Instant.now(Clock.systemUTC()), created);
    return new Creation(new ManagedInstance(engine, d, runner));
  }

  /** A checked and planned creation: its plan, and the applying of that same plan. */
  public static final class Creation {
    private final ManagedInstance instance;
    private final List<Step> steps;

    private Creation(ManagedInstance instance) {
      this.instance = instance;
      this.steps = InstancePlans.create(instance.engine, instance.descriptor, instance);
    }

    public Plan plan() {
      InstanceDescriptor d = instance.descriptor;
      Plan.Builder plan = new Plan.Builder("create " + d.kind() + " " + d.version() + " instance " + d.instanceDir()
          + ": data " + d.dataDir() + ", log " + d.logDir() + ", port " + d.port()
          + d.cgroup().map(c -> ", in cgroup " + c).orElse(""));
      steps.forEach(plan::step);
      plan.note("journal: " + lifecycleJournals(d.instanceDir()) + "; 'storage instance destroy' removes what is made");
      return plan.build();
    }

    /** Applies the plan under a new journal; the instance is left running. */
    public ManagedInstance apply(Consumer<String> progress) throws IOException {
      InstanceDescriptor d = instance.descriptor;
      return Applier.journaled(Journal.timestampedFile(lifecycleJournals(d.instanceDir()), InstancePlans.CREATE),
          InstancePlans.CREATE, parameters(d), instance.runner, progress, applier -> {
            applier.apply(steps);
            return instance;
          }, e -> "failed: " + e.getMessage() + "; what was made is left for 'storage instance destroy'");
    }
  }

  /** Where the journals of an instance's creation and destruction are kept: {@code INSTANCE.lifecycle}. */
  public static Path lifecycleJournals(Path instanceDir) {
    return InstancePlans.journalDir(instanceDir.toAbsolutePath().normalize());
  }

  private static Map<String, String> parameters(InstanceDescriptor d) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("instance", d.instanceDir().toString());
    p.put("kind", d.kind());
    p.put("data", d.dataDir().toString());
    p.put("log", d.logDir().toString());
    p.put("port", Integer.toString(d.port()));
    d.cgroup().ifPresent(c -> p.put("cgroup", c.toString()));
    return p;
  }

  /** The instance whose {@code instance.json} is in this directory. */
  public static ManagedInstance open(Path instanceDir, CommandRunner runner) throws IOException {
    InstanceDescriptor d = InstanceDescriptor.read(instanceDir.toAbsolutePath().normalize());
    InstanceEngine engine = InstanceEngines.forKind(d.kind()).orElseThrow(() -> new IOException(
        instanceDir + "/" + InstanceDescriptor.FILE + " names kind '" + d.kind() + "'; known: " + InstanceEngines.kinds()));
    return new ManagedInstance(engine, d, runner);
  }

  private static void requireEmptyOrAbsent(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      try (Stream<Path> entries = Files.list(dir)) {
        if (entries.findAny().isPresent()) {
          throw new IllegalArgumentException(dir + " is not empty; give an empty or new directory");
        }
      }
    } else if (Files.exists(dir)) {
      throw new IllegalArgumentException(dir + " is not a directory; give an empty or new directory");
    }
  }

  public InstanceDescriptor descriptor() {
    return descriptor;
  }

  public InstanceEngine engine() {
    return engine;
  }

  /** The transaction log as it is now: {@code LOGDIR/pg_wal} or {@code LOGDIR/ib_logfile0}. */
  public Path currentLog() {
    return engine.logIn(descriptor.logDir());
  }

  /**
   * {@link #start()} as {@code storage instance start} does it: journaled in {@link
   * #lifecycleJournals} when it starts the server; nothing is journaled when it runs already.
   *
   * @return false when it was running already
   */
  public boolean startJournaled(Consumer<String> progress) throws IOException {
    if (running()) {
      return false;
    }
    applyJournaled(InstancePlans.START, List.of(InstancePlans.start(engine, this, "start the server")), progress,
        seeServerLog());
    return true;
  }

  /** {@link #stop()} as {@code storage instance stop} does it, journaled as {@link #startJournaled} is. */
  public boolean stopJournaled(Consumer<String> progress) throws IOException {
    if (!running()) {
      return false;
    }
    applyJournaled(InstancePlans.STOP, List.of(InstancePlans.stop(engine, this, "stop the server")), progress,
        seeServerLog());
    return true;
  }

  /** The remedy a failed start or stop names: the server's own account of it. */
  private String seeServerLog() {
    return "see the server's log, " + descriptor.instanceDir().resolve("server.log");
  }

  /** Applies lifecycle steps under a new journal in {@link #lifecycleJournals}; a failure ends it with {@code remedy}. */
  private void applyJournaled(String operation, List<Step> steps, Consumer<String> progress, String remedy)
      throws IOException {
    Applier.journaled(Journal.timestampedFile(lifecycleJournals(descriptor.instanceDir()), operation), operation,
        parameters(descriptor), runner, progress, applier -> {
          applier.apply(steps);
          return null;
        }, e -> "failed: " + e.getMessage() + "; " + remedy);
  }

  /** Starts the server unless it runs; returns false when it was running already. */
  public boolean start() throws IOException {
    if (running()) {
      return false;
    }
    engine.start(descriptor, runner);
    return true;
  }

  /** Stops the server cleanly unless it is stopped; returns false when it was not running. */
  public boolean stop() throws IOException {
    if (!running()) {
      return false;
    }
    engine.stop(descriptor, runner);
    return true;
  }

  public boolean running() throws IOException {
    return engine.running(descriptor, runner);
  }

  /** Runs SQL as the administrator with the kind's command-line client; returns its output rows. */
  public String query(String statements) throws IOException {
    return runner.run(engine.sql(descriptor, statements)).stdout().strip();
  }

  /**
   * Rewrites the stopped server's log in place, so that none of it is preallocated and unwritten
   * (see {@link LogRewrite}): what a server that has run a while has. Refused while the server
   * runs, since it writes the log too: the step of {@link #writeLogThrough(Consumer)} after the
   * server was stopped, which checks again, as a server started meanwhile would race the rewrite.
   *
   * @return the bytes rewritten
   */
  long rewriteStoppedLog() throws IOException {
    if (running()) {
      throw new IllegalStateException("the server of " + descriptor.instanceDir() + " is running; its log is"
          + " rewritten only while it is stopped");
    }
    return LogRewrite.inPlace(currentLog());
  }

  /**
   * Writes the log through ({@link #rewriteStoppedLog}) for an instance that may be running, as
   * {@link #planWriteLogThrough} shows it: stops the server when it runs, rewrites the log, and
   * starts it again when it ran; journaled in {@link #lifecycleJournals}.
   *
   * @return the bytes rewritten
   */
  public long writeLogThrough(Consumer<String> progress) throws IOException {
    List<Long> rewritten = new ArrayList<>();
    applyJournaled(InstancePlans.WRITE_LOG_THROUGH, InstancePlans.writeLogThrough(engine, this, running(), rewritten),
        progress, "the log's contents are unchanged, so the rewrite can simply be run again; start the server"
            + " with 'storage instance start' if it is stopped");
    return rewritten.stream().mapToLong(Long::longValue).sum();
  }

  /** What {@link #writeLogThrough(Consumer)} would do, step by step. */
  public Plan planWriteLogThrough() throws IOException {
    Plan.Builder plan = new Plan.Builder("write the log of " + descriptor.kind() + " instance "
        + descriptor.instanceDir() + " through: " + currentLog());
    InstancePlans.writeLogThrough(engine, this, running(), new ArrayList<>()).forEach(plan::step);
    plan.note("the log's size in writes and a few seconds (MariaDB's redo log is 96 MiB by default); a server"
        + " that has run a while has its log written through, a new one has it preallocated and unwritten, and"
        + " a commit's first pass through such space costs extra I/O on ext4, xfs and btrfs");
    plan.note("journal: " + lifecycleJournals(descriptor.instanceDir()));
    return plan.build();
  }

  /** Writes every change so far to the data files (a checkpoint); see {@link InstanceEngine#settle}. */
  public void settle() throws IOException {
    engine.settle(descriptor, runner);
  }

  /** Records a new log directory in {@code instance.json}; the next start uses it. */
  public void recordLogDir(Path newLogDir) throws IOException {
    InstanceDescriptor moved = descriptor.withLogDir(newLogDir);
    List<InstanceDescriptor> both = List.of(descriptor, moved);
    LabTenancy.record(both, both);
    moved.write();
    LabTenancy.record(both, List.of(moved));
    descriptor = moved;
  }

  /** What the instance is and where it stores its data and log. */
  public InstanceStatus status() throws IOException {
    return InstanceStatus.of(descriptor, running(), currentLog());
  }

  /** The journals of the instance's relocations in {@code INSTANCE/journals}, oldest first. */
  public List<Path> journals() throws IOException {
    return KeptJournals.in(descriptor.instanceDir());
  }

  /** Where {@link #destroy} keeps the journals: {@code INSTANCE.journals}, next to the instance directory. */
  public Path keptJournalsDir() {
    return KeptJournals.dirFor(descriptor.instanceDir());
  }

  /**
   * Stops the server and removes what create made: the data directory's contents, the log, and
   * the directories that did not exist before create (the instance directory last). The journals
   * are moved out first, to {@link #keptJournalsDir()}: they are the record of what was done. The
   * steps are those {@link #planDestroy} shows, journaled in {@link #lifecycleJournals}.
   *
   * @return where the journals are kept, or empty when the instance had none
   */
  public Optional<Path> destroy() throws IOException {
    return destroy(line -> {});
  }

  /** {@link #destroy()}, showing each step and action to {@code progress}. */
  public Optional<Path> destroy(Consumer<String> progress) throws IOException {
    List<Optional<Path>> kept = new ArrayList<>();
    applyJournaled(InstancePlans.DESTROY, InstancePlans.destroy(engine, this, kept), progress,
        "run destroy again once the cause is fixed");
    return kept.isEmpty() ? Optional.empty() : kept.get(0);
  }

  /** What {@link #destroy} would do, step by step. */
  public Plan planDestroy() {
    Plan.Builder plan = new Plan.Builder("destroy " + descriptor.kind() + " instance " + descriptor.instanceDir());
    InstancePlans.destroy(engine, this, new ArrayList<>()).forEach(plan::step);
    plan.note("the journals of its relocations are kept in " + keptJournalsDir() + "; this one goes to "
        + lifecycleJournals(descriptor.instanceDir()));
    return plan.build();
  }
}
