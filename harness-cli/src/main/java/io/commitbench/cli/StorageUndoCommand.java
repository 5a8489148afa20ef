package io.commitbench.cli;

import io.commitbench.storage.relocate.ManagedLogRelocation;
import io.commitbench.storage.relocate.RelocationUndo;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code commitbench storage undo JOURNAL}: reverses a completed operation of the agent. */
@Command(
    name = "undo",
    mixinStandardHelpOptions = true,
    description = {
      "Reverses what a journal records. For a completed relocate-log: moves the instance's log",
      "back to the directory it came from, as a new relocation with its own journal.",
      "Prints the plan; acts only with --apply. Refused (exit 2) for a journal that is not a",
      "completed relocation of a known instance, or when the log has moved since."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:plan printed, or undone", "1:the undo failed and was rolled back (see its journal)",
      "2:bad input or refused; nothing was changed"})
final class StorageUndoCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "JOURNAL", description = "the journal of the operation to reverse")
  Path journalToUndo;

  @Option(names = "--journal", description = "journal of the undo (default: INSTANCE/journals/relocate-log-<time>.jsonl)")
  Path journal;

  @Option(names = "--apply", description = "act; without it only the plan is printed")
  boolean apply;

  @Override
  public Integer call() throws Exception {
    ManagedLogRelocation back = RelocationUndo.of(journalToUndo, StorageInstanceCommand.runner(), Clock.systemUTC());
    Path instanceDir = Path.of(back.journalParameters().get("instance"));
    return StorageRelocateLogCommand.run(back, instanceDir, journal, apply, spec.commandLine().getOut());
  }
}
