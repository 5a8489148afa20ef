package io.commitbench.storage.instance;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.plan.Action;
import io.commitbench.storage.plan.Step;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The steps of {@code instance create}, {@code destroy}, {@code start}, {@code stop} and {@code
 * write-log-through}, each holding exactly what it runs: the same objects are shown as the plan
 * and applied under the instance's lifecycle journal. Work done in-process (a directory made, a
 * tree removed, a descriptor written) is shown as its shell equivalent.
 */
final class InstancePlans {

  /** The journal operation names, on the journals' {@code begin} lines. */
  static final String CREATE = "instance-create";
  static final String DESTROY = "instance-destroy";
  static final String WRITE_LOG_THROUGH = "instance-write-log-through";
  static final String START = "instance-start";
  static final String STOP = "instance-stop";

  private InstancePlans() {}

  /**
   * {@code INSTANCE.lifecycle}, next to the instance directory: the journals of its creation and
   * destruction outlive it there. Not {@code INSTANCE/journals}: those are the relocations' record,
   * which destroy keeps in {@code INSTANCE.journals} and {@code storage undo} reads.
   */
  static Path journalDir(Path instanceDir) {
    return instanceDir.resolveSibling(instanceDir.getFileName() + ".lifecycle");
  }

  /** Makes the directories absent now, hands them to the server's user, records, initializes, starts. */
  static List<Step> create(InstanceEngine engine, InstanceDescriptor d, ManagedInstance instance) {
    List<Step> steps = new ArrayList<>();
    List<Action> mkdirs = new ArrayList<>();
    for (Path p : d.createdDirs()) {
      mkdirs.add(Action.local(Command.of("mkdir", "-p", p.toString()).display(), () -> Files.createDirectories(p)));
    }
    if (!mkdirs.isEmpty()) {
      steps.add(new Step("make the directories that do not exist yet", mkdirs, "made the directories",
          Map.of("dirs", String.join("\n", d.createdDirs().stream().map(Path::toString).toList()))));
    }
    steps.add(Step.of("hand them to the server's OS user " + engine.osUser(), "handed the directories over",
        Command.of("chown", engine.osUser() + ":", d.instanceDir().toString(), d.dataDir().toString(),
            d.logDir().toString(), d.socketDir().toString()),
        Command.of("chmod", "700", d.dataDir().toString()), Command.of("chmod", "755", d.instanceDir().toString())));
    steps.add(Step.of("record the instance (its lab tenancy first: no moment a lab could go down under it)",
        "recorded the instance", Action.local("write " + d.instanceDir().resolve(InstanceDescriptor.FILE), () -> {
          LabTenancy.record(List.of(d), List.of(d));
          d.write();
        })).withDetail(Map.of("port", Integer.toString(d.port()), "version", d.version())));
    steps.add(new Step("initialize the data directory", engine.initCommands(d).stream().map(Action::run).toList(),
        "initialized the data directory", Map.of()));
    steps.add(start(engine, instance, "start the server"));
    List<Action> testDatabase = new ArrayList<>();
    testDatabase.add(Action.run(engine.sql(d, engine.createTestDatabase())));
    engine.testDatabaseSetup(d).forEach(c -> testDatabase.add(Action.run(c)));
    testDatabase.add(Action.local("write " + d.instanceDir().resolve(InstanceDescriptor.CONNECTION_FILE),
            () -> d.writeConnection(engine.jdbcUrl(d), engine.dbUser())));
    steps.add(new Step("create the test database and write the connection settings", testDatabase,
        "created the test database", Map.of()));
    return steps;
  }

  /**
   * Stops the server, keeps the relocation journals, removes the old logs its relocations kept
   * inside what create made (each named, see {@link KeptOldLogs}), then what create made (the
   * instance directory last) and the lab tenancy record.
   *
   * @param kept receives where the relocation journals went, when there were any
   */
  static List<Step> destroy(InstanceEngine engine, ManagedInstance instance, List<Optional<Path>> kept) {
    InstanceDescriptor d = instance.descriptor();
    List<Step> steps = new ArrayList<>();
    steps.add(stop(engine, instance, "stop the server unless it is stopped"));
    Path journals = d.instanceDir().resolve(InstanceDescriptor.JOURNALS);
    steps.add(Step.of("keep the journals of its relocations next to the instance directory",
        "kept the relocation journals", Action.local("mv " + journals + "/* " + KeptJournals.dirFor(d.instanceDir())
            + "/ && rmdir " + journals, () -> {
              kept.add(KeptJournals.keep(d.instanceDir()));
              Trees.delete(journals); // empty now
            })).withDetail(Map.of("kept_in", KeptJournals.dirFor(d.instanceDir()).toString())));
    List<Path> created = new ArrayList<>(d.createdDirs());
    Collections.reverse(created);
    List<Path> trees = new ArrayList<>(List.of(d.dataDir(), instance.currentLog()));
    trees.addAll(created);
    List<Path> keptLogs = KeptOldLogs.within(trees);
    if (!keptLogs.isEmpty()) {
      steps.add(new Step("remove the old logs its relocations kept inside what it removes: " + keptLogs.stream()
          .map(Path::toString).collect(Collectors.joining(", ")), keptLogs.stream().map(InstancePlans::remove).toList(),
          "removed the old logs its relocations kept", Map.of("paths", keptLogs.toString())));
    }
    List<Action> removals = new ArrayList<>();
    removals.add(remove(d.dataDir()));
    removals.add(remove(instance.currentLog()));
    for (Path p : created) {
      if (!p.equals(d.instanceDir())) {
        removals.add(remove(p));
      }
    }
    if (created.contains(d.instanceDir())) {
      removals.add(remove(d.instanceDir()));
    } else {
      List<String> files = new ArrayList<>(List.of(InstanceDescriptor.FILE, InstanceDescriptor.CONNECTION_FILE));
      files.addAll(engine.instanceFiles());
      for (String f : files) {
        Path file = d.instanceDir().resolve(f);
        removals.add(Action.local(Command.of("rm", "-f", file.toString()).display(), () -> Files.deleteIfExists(file)));
      }
      removals.add(remove(d.socketDir()));
    }
    if (!created.contains(d.dataDir())) {
      // The data directory was the caller's: it is left, empty, as it was given.
      removals.add(Action.local(Command.of("mkdir", "-p", d.dataDir().toString()).display(),
          () -> Files.createDirectories(d.dataDir())));
    }
    steps.add(new Step("remove the data, the log and what create made", removals, "removed what create made",
        Map.of()));
    steps.add(Step.of("remove its lab tenancy record", "removed the lab tenancy record",
        Action.local("rm LAB/tenants/<record of " + d.instanceDir() + ">",
            () -> LabTenancy.record(List.of(d), List.of()))));
    return steps;
  }

  /**
   * Stops the server when it runs, rewrites its log in place ({@link LogRewrite}) and starts it
   * again when it ran: the log of a server that has run a while, with nothing preallocated and
   * never written, as a measurement that compares one log with another needs on both sides.
   *
   * @param running whether the server runs now: only then is it stopped and started again
   * @param rewritten receives the bytes rewritten
   */
  static List<Step> writeLogThrough(InstanceEngine engine, ManagedInstance instance, boolean running,
      List<Long> rewritten) {
    Path log = instance.currentLog();
    List<Step> steps = new ArrayList<>();
    if (running) {
      steps.add(stop(engine, instance, "stop the server: the log is rewritten only while nothing else writes it"));
    }
    String shown = Files.isDirectory(log)
        ? "for f in $(find " + log + " -type f); do dd if=$f of=$f bs=1M conv=notrunc,fsync; done"
        : "dd if=" + log + " of=" + log + " bs=1M conv=notrunc,fsync";
    steps.add(Step.recordedByActions("rewrite the log in place, every block with the bytes it holds (its contents do"
        + " not change)", Action.recorded(shown, () -> {
          long bytes = instance.rewriteStoppedLog();
          rewritten.add(bytes);
          return Action.Outcome.step("rewrote the log in place", Map.of("log", log.toString(),
              "bytes", Long.toString(bytes)));
        })));
    if (running) {
      steps.add(start(engine, instance, "start the server again"));
    }
    return steps;
  }

  /** Starts the server (in its cgroup, with its log directory), journaled as "started the server". */
  static Step start(InstanceEngine engine, ManagedInstance instance, String description) {
    return Step.of(description, "started the server",
        Action.local(engine.startCommand(instance.descriptor()).display(), instance::start));
  }

  /** Stops the server cleanly, journaled as "stopped the server". */
  static Step stop(InstanceEngine engine, ManagedInstance instance, String description) {
    return Step.of(description, "stopped the server", Action.local(String.join(" && ",
        engine.stopCommands(instance.descriptor()).stream().map(Command::display).toList()), instance::stop));
  }

  private static Action remove(Path tree) {
    return Action.local(Command.of("rm", "-rf", tree.toString()).display(), () -> Trees.delete(tree));
  }
}
