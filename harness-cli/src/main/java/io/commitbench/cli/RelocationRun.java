package io.commitbench.cli;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.relocate.JournaledRelocation;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * Prints a relocation's plan and, with {@code --apply}, carries it out under a journal, then says
 * what is left for the operator: what {@code relocate-log} and {@code undo} share, whatever moves.
 */
final class RelocationRun {

  private RelocationRun() {}

  /**
   * @param journalFile the journal to write, or null for the relocation's default
   * @return the exit code
   */
  static int run(JournaledRelocation relocation, Path journalFile, boolean apply, PrintWriter out) throws Exception {
    PlanOutput.show(relocation.plan(), apply, out);
    if (!apply) {
      return ExitCodes.OK;
    }
    Path file = journalFile != null ? journalFile : relocation.defaultJournal();
    out.println("journal: " + file.toAbsolutePath());
    out.flush();
    long t0 = System.nanoTime();
    try (Applier applier = Applier.begin(file, relocation.operation(), relocation.journalParameters(),
        ProcessCommandRunner.standard(), PlanOutput.progress(out))) {
      // The relocation applies the steps its plan showed through the applier, under the journal it began.
      Journal j = applier.journal();
      try {
        relocation.apply(applier);
      } catch (RefusedException e) {
        if (!j.ended()) { // a relocation that ends its journal itself has said why already
          j.end("refused: " + e.getMessage());
        }
        throw e;
      }
    }
    out.printf("%s in %.1f s; journal: %s%n", relocation.done(), (System.nanoTime() - t0) / 1e9, file.toAbsolutePath());
    relocation.remarks().forEach(out::println);
    List<String> left = relocation.leftForOperator();
    if (!left.isEmpty()) {
      out.println("left for the operator: " + left.size() + " file(s) the agent cannot reach; remove them on the"
          + " database host:");
      left.forEach(path -> out.println("  " + Command.of("rm", "--", path).display()));
    }
    return ExitCodes.OK;
  }
}
