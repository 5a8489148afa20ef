package io.commitbench.storage.instance;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
   * Makes a new instance, starts it and creates its {@code test} database; it is left running.
   *
   * @param port the TCP port, or 0 for a free one
   * @param throttleCgroup a cgroup v1 directory to start the server in, so it and its children are throttled
   * @throws IllegalArgumentException for an unknown kind, or a data/log directory that is not empty
   */
  public static ManagedInstance create(String kind, Path instanceDir, Path dataDir, Path logDir, int port,
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
        Files.createDirectories(p);
        created.add(p);
      }
    }
    runner.run(Command.of("chown", engine.osUser() + ":", inst.toString(), data.toString(), log.toString(),
        socket.toString()));
    runner.run(Command.of("chmod", "700", data.toString()));
    runner.run(Command.of("chmod", "755", inst.toString()));
    InstanceDescriptor d = new InstanceDescriptor(inst, engine.kind(), version, bin,
        port == 0 ? FreePort.pick() : port, data, log, socket, throttleCgroup.map(Path::toAbsolutePath),
        Instant.now(Clock.systemUTC()), created);
    LabTenancy.record(List.of(d), List.of(d)); // before the descriptor: no moment a lab could go down under it
    d.write();
    for (Command init : engine.initCommands(d)) {
      runner.run(init);
    }
    ManagedInstance instance = new ManagedInstance(engine, d, runner);
    instance.start();
    instance.query(engine.createTestDatabase());
    d.writeConnection(engine.jdbcUrl(d), engine.dbUser());
    return instance;
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
   * are moved out first, to {@link #keptJournalsDir()}: they are the record of what was done.
   *
   * @return where the journals are kept, or empty when the instance had none
   */
  public Optional<Path> destroy() throws IOException {
    stop();
    Optional<Path> kept = KeptJournals.keep(descriptor.instanceDir());
    Trees.delete(descriptor.instanceDir().resolve(InstanceDescriptor.JOURNALS)); // empty now
    Trees.delete(descriptor.dataDir());
    Trees.delete(currentLog());
    List<Path> created = new ArrayList<>(descriptor.createdDirs());
    java.util.Collections.reverse(created);
    for (Path p : created) {
      if (!p.equals(descriptor.instanceDir())) {
        Trees.delete(p);
      }
    }
    if (created.contains(descriptor.instanceDir())) {
      Trees.delete(descriptor.instanceDir());
    } else {
      for (String f : List.of(InstanceDescriptor.FILE, InstanceDescriptor.CONNECTION_FILE, "server.log",
          "mariadbd.out")) {
        Files.deleteIfExists(descriptor.instanceDir().resolve(f));
      }
      Trees.delete(descriptor.socketDir());
    }
    if (!created.contains(descriptor.dataDir())) {
      Files.createDirectories(descriptor.dataDir());
    }
    LabTenancy.record(List.of(descriptor), List.of());
    return kept;
  }
}
