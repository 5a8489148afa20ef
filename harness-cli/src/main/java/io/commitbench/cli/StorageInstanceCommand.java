package io.commitbench.cli;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.instance.InstanceEngines;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.instance.RelocationLock;
import io.commitbench.storage.plan.RefusedException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code commitbench storage instance create|start|stop|status|write-log-through|destroy}: private
 * database servers the agent owns, each described by its instance directory, of the kinds with an
 * {@link io.commitbench.storage.instance.InstanceEngine}; what the help says of each kind is the
 * engine's ({@link KindHelp.Instance}).
 */
@Command(
    name = "instance",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      KindHelp.INSTANCE_PRODUCTS,
      "",
      "The agent makes and owns these managed instances. Each lives in an instance directory",
      "holding instance.json (kind, version, port, directories, cgroup) and connection.properties",
      "(db.type, db.url, db.user) for the harness's db.instance=DIR."
    },
    footer = {"", "Documentation: docs/storage-agent.md"},
    modelTransformer = KindHelp.Instance.class,
    subcommands = {
      StorageInstanceCommand.Create.class,
      StorageInstanceCommand.Start.class,
      StorageInstanceCommand.Stop.class,
      StorageInstanceCommand.Status.class,
      StorageInstanceCommand.WriteLogThrough.class,
      StorageInstanceCommand.Destroy.class
    })
final class StorageInstanceCommand {

  private StorageInstanceCommand() {}

  static CommandRunner runner() {
    return ProcessCommandRunner.standard();
  }

  /** Opens a managed instance; a directory without instance.json is bad input, not a failure. */
  static ManagedInstance open(Path instanceDir) throws java.io.IOException, RefusedException {
    try {
      return ManagedInstance.open(instanceDir, runner());
    } catch (java.nio.file.NoSuchFileException e) {
      throw new RefusedException(instanceDir + " is not a managed instance (no instance.json); make one with"
          + " 'commitbench storage instance create'");
    }
  }

  /** {@code create}: initializes, starts, and makes the {@code test} database. */
  @Command(name = "create", mixinStandardHelpOptions = true,
      description = {"Makes a new instance and leaves it running.",
        KindHelp.INSTANCE_INIT,
        "Prints what it would do; acts only with --apply."},
      footer = {"", "Documentation: docs/storage-agent.md"},
      modelTransformer = KindHelp.Instance.class)
  static final class Create implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--kind", required = true, completionCandidates = KindHelp.InstanceKinds.class,
        description = "the kind of server: ${COMPLETION-CANDIDATES}")
    String kind;

    @Option(names = "--instance", required = true, description = "the instance directory (made if absent)")
    Path instanceDir;

    @Option(names = "--data-dir", description = "empty or new data directory (default: INSTANCE/data)")
    Path dataDir;

    @Option(names = "--log-dir", description = "empty or new directory for the WAL / redo log (default: INSTANCE/log)")
    Path logDir;

    @Option(names = "--port", defaultValue = "0", description = "TCP port on 127.0.0.1; 0 picks a free one (default)")
    int port;

    @Option(names = "--cgroup", description = "cgroup v1 directory to start the server in (throttling)")
    Path cgroup;

    @Option(names = "--apply", description = "Create the instance; without it only the plan is printed.")
    boolean apply;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      if (InstanceEngines.forKind(kind).isEmpty()) {
        throw new RefusedException("unknown --kind '" + kind + "'; use one of " + InstanceEngines.kinds());
      }
      if (port < 0 || port > 65535) {
        throw new RefusedException("--port " + port + " is not a port; give 1-65535, or 0 for a free one");
      }
      Path data = dataDir != null ? dataDir : instanceDir.resolve("data");
      Path log = logDir != null ? logDir : instanceDir.resolve("log");
      ManagedInstance.Creation creation;
      try {
        creation = ManagedInstance.planCreate(kind, instanceDir, data, log, port, Optional.ofNullable(cgroup),
            runner());
      } catch (IllegalArgumentException e) {
        throw new RefusedException(e.getMessage());
      }
      PlanOutput.show(creation.plan(), apply, out);
      if (!apply) {
        return ExitCodes.OK;
      }
      long t0 = System.nanoTime();
      ManagedInstance instance = creation.apply(PlanOutput.progress(out));
      out.printf("created and started in %.1f s%n", (System.nanoTime() - t0) / 1e9);
      instance.status().lines().forEach(out::println);
      return ExitCodes.OK;
    }
  }

  /** {@code --instance DIR}: the option of every command on an instance that exists. */
  static final class InstanceOption {
    @Option(names = "--instance", required = true, description = "the instance directory")
    Path instanceDir;

    ManagedInstance open() throws java.io.IOException, RefusedException {
      return StorageInstanceCommand.open(instanceDir);
    }
  }

  /** {@code start}. */
  @Command(name = "start", mixinStandardHelpOptions = true,
      description = {"Starts the instance's server unless it runs.",
        "It starts in the instance's cgroup, with its log directory; journaled in INSTANCE.lifecycle,",
        "next to the instance directory.",
        "Refused (exit 2) while a relocation holds the instance's lock: started half-way through a",
        "move, the server could write to a copy that its recovery then removes."},
      footer = {"", "Documentation: docs/storage-agent.md"})
  static final class Start implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin InstanceOption instance;

    @Override
    public Integer call() throws Exception {
      ManagedInstance managed = instance.open();
      new RelocationLock(managed.descriptor().instanceDir()).requireFree();
      PrintWriter out = spec.commandLine().getOut();
      out.println(managed.startJournaled(PlanOutput.progress(out)) ? "started; journal in "
          + ManagedInstance.lifecycleJournals(managed.descriptor().instanceDir()) : "already running");
      return ExitCodes.OK;
    }
  }

  /** {@code stop}. */
  @Command(name = "stop", mixinStandardHelpOptions = true,
      description = {"Stops the instance's server cleanly unless it is stopped.",
        KindHelp.INSTANCE_STOP},
      footer = {"", "Documentation: docs/storage-agent.md"},
      modelTransformer = KindHelp.Instance.class)
  static final class Stop implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin InstanceOption instance;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      ManagedInstance managed = instance.open();
      out.println(managed.stopJournaled(PlanOutput.progress(out)) ? "stopped; journal in "
          + ManagedInstance.lifecycleJournals(managed.descriptor().instanceDir()) : "was not running");
      return ExitCodes.OK;
    }
  }

  /** {@code status}. */
  @Command(name = "status", mixinStandardHelpOptions = true,
      description = {"Shows whether the server runs, its port and the devices under data and log.",
        "While a relocation holds the instance's lock, also who holds it (pid, alive or not), since",
        "when, for which journal, and how to recover when its process died."},
      footer = {"", "Documentation: docs/storage-agent.md"})
  static final class Status implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin InstanceOption instance;

    @Override
    public Integer call() throws Exception {
      instance.open().status().lines().forEach(spec.commandLine().getOut()::println);
      return ExitCodes.OK;
    }
  }

  /** {@code write-log-through}. */
  @Command(name = "write-log-through", mixinStandardHelpOptions = true,
      description = {"Rewrites the instance's log in place, leaving none of it unwritten.",
        "Every block is written with the bytes it holds; the server is stopped first if it runs and",
        "started again after.",
        KindHelp.INSTANCE_NEW_LOG,
        "Refused (exit 2) while a relocation holds the instance's lock. Prints what it would do; acts",
        "only with --apply."},
      footer = {"", "Documentation: docs/storage-agent.md"},
      modelTransformer = KindHelp.Instance.class)
  static final class WriteLogThrough implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin InstanceOption instance;

    @Option(names = "--apply", description = "Rewrite the log; without it only the plan is printed.")
    boolean apply;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      ManagedInstance managed = instance.open();
      RelocationLock lock = new RelocationLock(managed.descriptor().instanceDir());
      return PlanOutput.showCheckApply(managed.planWriteLogThrough(), apply, out, lock::requireFree, () -> {
        long t0 = System.nanoTime();
        long bytes = managed.writeLogThrough(PlanOutput.progress(out));
        return String.format("%,d bytes of log rewritten in %.1f s; the server %s", bytes,
            (System.nanoTime() - t0) / 1e9, managed.running() ? "runs" : "is stopped");
      });
    }
  }

  /** {@code destroy}. */
  @Command(name = "destroy", mixinStandardHelpOptions = true,
      description = {"Stops the server and removes the data, log and directories create made.",
        "The journals of its relocations (INSTANCE/journals) are kept: moved to INSTANCE.journals next to",
        "the instance directory, and the output says where. Old logs its relocations kept inside what it",
        "removes (LOG.moved-N) are named in the plan, each with its own step. Prints what it would do; acts",
        "only with --apply."},
      footer = {"", "Documentation: docs/storage-agent.md"})
  static final class Destroy implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin InstanceOption instance;

    @Option(names = "--apply", description = "Destroy the instance; without it only the plan is printed.")
    boolean apply;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      ManagedInstance managed = instance.open();
      int journals = managed.journals().size();
      return PlanOutput.showCheckApply(managed.planDestroy(), apply, out, () -> {}, () -> {
        Optional<Path> kept = managed.destroy(PlanOutput.progress(out));
        return "destroyed; " + kept.map(k -> "journals kept in " + k + " (" + journals + ")")
            .orElse("it had no journals");
      });
    }
  }
}
