package io.commitbench.cli;

import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.relocate.LogRelocation;
import io.commitbench.storage.relocate.ManagedLogRelocation;
import io.commitbench.storage.relocate.ManagedRelocations;
import io.commitbench.storage.relocate.UnmanagedRelocations;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code commitbench storage relocate-log}: moves a managed instance's WAL / redo log to another
 * directory, or prints the commands for the operator of a server the agent does not manage.
 */
@Command(
    name = "relocate-log",
    mixinStandardHelpOptions = true,
    description = {
      "Moves the transaction log of a managed instance (--instance DIR) to --to DIR: PostgreSQL's",
      "pg_wal goes to DIR/pg_wal (fast stop, copy, atomic symlink swap, start, verify; the old",
      "WAL directory is kept as pg_wal.moved-<time>); MariaDB's ib_logfile0 goes to DIR (slow",
      "shutdown, copy, new innodb_log_group_home_dir, start, verify, then the old file is deleted).",
      "Prints the plan; acts only with --apply, writing a journal that 'storage undo' reverses.",
      "Refused (exit 2, nothing changed): target missing, not writable by the server's OS user,",
      "too little space, outside the instance directory and every --allow-root, where the log is",
      "already, or another relocation in progress.",
      "For a server it does not manage (--url JDBC_URL) it prints the commands for its operator",
      "(NOT EXECUTED) and never acts."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:plan printed, or moved", "1:the move failed and was rolled back (see the journal)",
      "2:bad input or refused; nothing was changed"})
final class StorageRelocateLogCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Server server;

  static final class Server {
    @Option(names = "--instance", required = true, description = "a managed instance directory")
    Path instanceDir;

    @Option(names = "--url", required = true,
        description = "JDBC URL of a server the agent does not manage (jdbc:postgresql:, jdbc:mariadb:)")
    String url;
  }

  @Option(names = "--to", required = true, description = "the directory to move the log into (must exist)")
  Path to;

  @Option(names = "--allow-root", description = "a directory the target may lie under (repeatable);"
      + " the instance directory is always allowed")
  List<Path> allowRoots = new ArrayList<>();

  @Option(names = "--journal", description = "journal file (default: INSTANCE/journals/relocate-log-<time>.jsonl)")
  Path journal;

  @Option(names = "--apply", description = "act; without it only the plan is printed")
  boolean apply;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (server.url != null) {
      LogRelocation operator = UnmanagedRelocations.forUrl(server.url, to);
      operator.plan().render(Plan.Mode.FOR_OPERATOR).forEach(out::println);
      if (apply) {
        out.println("--apply ignored: the agent never acts on a server it does not manage");
      }
      return ExitCodes.OK;
    }
    ManagedInstance instance = StorageInstanceCommand.open(server.instanceDir);
    List<Path> roots = new ArrayList<>(allowRoots);
    roots.add(0, instance.descriptor().instanceDir());
    ManagedLogRelocation relocation = ManagedRelocations.forInstance(instance, to, roots,
        StorageInstanceCommand.runner(), Clock.systemUTC());
    return run(relocation, instance.descriptor().instanceDir(), journal, apply, out);
  }

  /** Prints the plan, and with {@code apply} carries it out under a journal; shared with undo. */
  static int run(ManagedLogRelocation relocation, Path instanceDir, Path journalFile, boolean apply, PrintWriter out)
      throws Exception {
    Plan plan = relocation.plan();
    plan.render(apply ? Plan.Mode.APPLYING : Plan.Mode.DRY_RUN).forEach(out::println);
    if (!apply) {
      return ExitCodes.OK;
    }
    Path file = journalFile != null ? journalFile : instanceDir.resolve("journals")
        .resolve("relocate-log-" + java.time.format.DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss.SSS'Z'")
            .withZone(java.time.ZoneOffset.UTC).format(java.time.Instant.now()) + ".jsonl");
    out.println("journal: " + file.toAbsolutePath());
    out.flush();
    long t0 = System.nanoTime();
    try (Journal j = Journal.begin(file, ManagedLogRelocation.OPERATION, relocation.journalParameters())) {
      try {
        relocation.apply(j);
      } catch (RefusedException e) {
        j.end("refused: " + e.getMessage());
        throw e;
      }
    }
    out.printf("moved in %.1f s; journal: %s%n", (System.nanoTime() - t0) / 1e9, file.toAbsolutePath());
    return ExitCodes.OK;
  }
}
