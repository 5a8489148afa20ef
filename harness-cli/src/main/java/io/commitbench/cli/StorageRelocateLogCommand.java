package io.commitbench.cli;

import io.commitbench.core.key.Redaction;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.relocate.LogRelocation;
import io.commitbench.storage.relocate.LogRelocations;
import io.commitbench.storage.relocate.ManagedRelocations;
import io.commitbench.storage.relocate.OnlineRelocation;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code commitbench storage relocate-log}: moves a managed instance's transaction log, or the log
 * of a server whose kind is moved online, to another directory; for any other server it prints
 * the commands for its operator. Which way a server goes is its kind's ({@link LogRelocations}),
 * and so is what the help says of each way ({@link KindHelp.RelocateLog}); this command only
 * parses and prints.
 */
@Command(
    name = "relocate-log",
    mixinStandardHelpOptions = true,
    description = {
      "Moves a server's transaction log to --to DIR.",
      "",
      "Prints the plan; acts only with --apply, writing a journal that 'storage undo' reverses.",
      "",
      KindHelp.MANAGED_RELOCATIONS,
      "With --create-target a missing DIR (its parent existing) is",
      "made and handed to the server's OS user first, journaled; undo removes it",
      "again if it is empty then. Refused (exit 2, nothing changed): target missing",
      "(without --create-target), not writable by the server's OS user, too little",
      "space, outside the instance directory and every --allow-root, where the log",
      "is already, or another relocation in progress.",
      "",
      KindHelp.ONLINE_RELOCATIONS,
      "",
      KindHelp.OPERATOR_RELOCATIONS,
      "",
      "The login and group options (--user, --password-env, --password-file, --size,",
      "--blocksize, --groups) apply to a --url moved online only, --allow-root and",
      "--create-target to --instance only; given anywhere else they are",
      "refused (exit 2) rather than ignored."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:plan printed, or moved",
      "1:the server could not be reached, or the move failed (see the journal for what was rolled back)",
      "2:bad input or refused; nothing was changed"},
    footer = {"", "Documentation: docs/storage-agent.md"},
    modelTransformer = KindHelp.RelocateLog.class)
final class StorageRelocateLogCommand implements Callable<Integer> {

  private static final String ALLOW_ROOT = "--allow-root";
  private static final String CREATE_TARGET = "--create-target";

  @Spec CommandSpec spec;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Server server;

  static final class Server {
    @Option(names = "--instance", required = true, description = "a managed instance directory")
    Path instanceDir;

    @Option(names = "--url", required = true, description = "JDBC URL of a server the agent does not manage:"
        + " moved online over SQL when its kind is, else the commands for its operator (which URLs: see above)")
    String url;
  }

  @Option(names = "--to", required = true, description = "the directory to move the log into (must exist unless"
      + " --create-target;"
      + " for a server moved online the absolute path on the database host)")
  Path to;

  @Option(names = ALLOW_ROOT, description = "a directory the target may lie under (repeatable);"
      + " the instance directory is always allowed (--instance only)")
  List<Path> allowRoots = new ArrayList<>();

  @Option(names = CREATE_TARGET, description = "when --to does not exist, make it (its parent must exist) and hand it"
      + " to the server's OS user; undo removes it again if it is empty then (--instance only)")
  boolean createTarget;

  @Mixin ServerLoginOptions login;

  @Mixin LogShapeOptions shape;

  @Option(names = "--journal", description = "journal file (default: INSTANCE/journals/relocate-log-<time>.journal;"
      + " for a server moved online journals/relocate-log-KIND-<time>.journal in the working directory)")
  Path journal;

  @Option(names = "--apply", description = "Move the log; without it only the plan is printed.")
  boolean apply;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (server.url == null) {
      refuseOnlineOptions("a managed instance (--instance) is moved through its own programs");
      return managed(server.instanceDir, out);
    }
    Optional<OnlineRelocation> online = LogRelocations.load().online(server.url);
    if (online.isPresent()) {
      return online(online.get(), server.url, out);
    }
    refuseOnlineOptions("for " + Redaction.url(server.url) + " the agent connects to nothing and prints its"
        + " operator's commands");
    refuseAllowRoot();
    return forOperator(server.url, out);
  }

  private int managed(Path instanceDir, PrintWriter out) throws Exception {
    ManagedInstance instance = StorageInstanceCommand.open(instanceDir);
    List<Path> roots = new ArrayList<>(allowRoots);
    roots.add(0, instance.descriptor().instanceDir());
    return RelocationRun.run(ManagedRelocations.forInstance(instance, to, roots, StorageInstanceCommand.runner(),
        Clock.systemUTC()).creatingTarget(createTarget), journal, apply, out);
  }

  /** Online over SQL: every option is checked before the connection is opened. */
  private int online(OnlineRelocation online, String url, PrintWriter out) throws Exception {
    refuseAllowRoot();
    OnlineRelocation.Checked request = shape.check(spec.commandLine(), online, to);
    ServerLogin serverLogin = login.resolve(spec.commandLine(), url, online.connectAs());
    try (Connection root = serverLogin.connect(url)) {
      return RelocationRun.run(request.over(root), journal, apply, out);
    }
  }

  private int forOperator(String url, PrintWriter out) throws Exception {
    LogRelocation operator = LogRelocations.load().forOperator(url, to);
    operator.plan().render(Plan.Mode.FOR_OPERATOR).forEach(out::println);
    if (apply) {
      out.println("--apply ignored: the agent never acts on a server it does not manage");
    }
    return ExitCodes.OK;
  }

  /** The login and the log groups' options mean something only to a server the agent connects to. */
  private void refuseOnlineOptions(String instead) {
    String servers = String.join(" or ", LogRelocations.load().onlines().stream()
        .map(o -> o.server() + " (--url " + o.urlPrefix() + "...)").toList());
    GivenOptions.refuse(spec.commandLine(),
        Stream.concat(ServerLoginOptions.NAMES.stream(), LogShapeOptions.NAMES.stream()).toList(),
        "only for " + servers + ", which the agent moves online over SQL; " + instead + "; leave them out");
  }

  private void refuseAllowRoot() {
    GivenOptions.refuse(spec.commandLine(), List.of(ALLOW_ROOT, CREATE_TARGET), "only for a managed instance"
        + " (--instance), whose target must lie under the instance directory or an allowed root; with --url, --to names a directory on"
        + " the database host");
  }
}
