package io.commitbench.cli;

import io.commitbench.storage.undo.LogRelocationUndo;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code commitbench storage undo JOURNAL}: reverses a completed operation of the agent, or recovers an interrupted one. */
@Command(
    name = "undo",
    mixinStandardHelpOptions = true,
    description = {
      "Reverses what a journal records, as a new relocation with its own journal.",
      "",
      "Prints the plan; acts only with --apply.",
      "",
      "relocate-log (a managed instance): moves the instance's log back to the",
      "directory it came from. Refused (exit 2) for a relocation that failed (it was",
      "rolled back then), an instance that is gone, or when the log has moved since.",
      "The connection options are refused: the instance is reached through its programs.",
      "",
      "An interrupted relocate-log (its process died: the journal never ended, the",
      "instance's relocate-log.lock names it) is recovered instead, in one command:",
      "while the server never ran on the copy it is rolled back (the partial copy and",
      "the lock removed, the log left where it was, the server started again if it",
      "ran before); once the new log directory was recorded the copy is the log, so",
      "the move is finished (restart, verify, the old log kept or deleted as the move",
      "does) and a second undo moves it back. The interrupted journal gets an end line",
      "naming the recovery's own journal. Refused (exit 2) while the relocation's",
      "process still runs.",
      "",
      KindHelp.UNDO_REVERSALS
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:plan printed, or undone",
      "1:the server could not be reached, or the undo failed (see its journal for what was rolled back)",
      "2:bad input or refused; nothing was changed"},
    footer = {"", "Documentation: docs/storage-agent.md"},
    modelTransformer = KindHelp.Undo.class)
final class StorageUndoCommand implements Callable<Integer> {

  private static final String URL = "--url";

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "JOURNAL", description = "the journal of the operation to reverse")
  Path journalToUndo;

  @Option(names = URL, paramLabel = "JDBC_URL",
      description = "the server, for a journal reversed over a connection (an online move's)")
  String url;

  @Mixin ServerLoginOptions login;

  @Option(names = "--journal", description = "journal of the undo (default: as relocate-log's for that server)")
  Path journal;

  @Option(names = "--apply", description = "Undo the steps; without it only the plan is printed.")
  boolean apply;

  @Override
  public Integer call() throws Exception {
    LogRelocationUndo undo = LogRelocationUndo.read(journalToUndo);
    List<String> connectionOptions = Stream.concat(Stream.of(URL), ServerLoginOptions.NAMES.stream()).toList();
    if (!undo.needsConnection()) {
      GivenOptions.refuse(spec.commandLine(), connectionOptions, journalToUndo + " records " + undo.operation()
          + ", which is reversed without a connection to the server; leave them out");
      return RelocationRun.run(undo.reverse(Optional.empty(), StorageInstanceCommand.runner(), Clock.systemUTC()),
          journal, apply, spec.commandLine().getOut());
    }
    if (url == null) {
      throw new ParameterException(spec.commandLine(), URL + " is missing; " + journalToUndo + " records "
          + undo.operation() + ", which is reversed over a connection to the server it moved: give " + URL
          + " JDBC_URL, " + ServerLoginOptions.USER + " USER and " + ServerLoginOptions.PASSWORD_ENV + " VAR or "
          + ServerLoginOptions.PASSWORD_FILE + " FILE, as for the relocation");
    }
    ServerLogin serverLogin = login.resolve(spec.commandLine(), url, "the user the relocation connected as");
    try (Connection server = serverLogin.connect(url)) {
      return RelocationRun.run(undo.reverse(Optional.of(server), StorageInstanceCommand.runner(), Clock.systemUTC()),
          journal, apply, spec.commandLine().getOut());
    }
  }
}
