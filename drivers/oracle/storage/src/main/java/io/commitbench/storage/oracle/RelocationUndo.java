package io.commitbench.storage.oracle;

import io.commitbench.storage.journal.JournalEntry;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.RefusedException;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a relocation's journal to build the relocation that reverses it: back to the old
 * directory, with the old size, block size and number of groups (at least 2). The journal's
 * {@code discovered} step holds those facts; a relocation that was rolled back, or never changed
 * anything, has nothing to reverse.
 */
final class RelocationUndo {

  private RelocationUndo() {}

  static RedoRelocationRequest request(JournalReader.Contents contents) throws RefusedException {
    if (!OracleRedoRelocation.OPERATION.equals(contents.operation())) {
      throw new RefusedException(contents.file() + " records '" + contents.operation() + "', not '"
          + OracleRedoRelocation.OPERATION + "'; give the journal of an Oracle redo relocation");
    }
    Map<String, String> discovered = contents.steps().stream().filter(s -> s.text().equals("discovered"))
        .map(JournalEntry::detail).findFirst()
        .orElseThrow(() -> new RefusedException(contents.file() + " shows no discovery step: the relocation changed"
            + " nothing, so there is nothing to undo"));
    boolean dropped = contents.steps().stream().anyMatch(s -> s.text().equals("dropped group")
        && !s.detail().getOrDefault("paths", "").startsWith(discovered.get("target") + "/"));
    if (!dropped) {
      throw new RefusedException(contents.file() + " shows no old group dropped (outcome: "
          + contents.outcome().orElse("unfinished") + "): the redo logs never left " + discovered.get("old_directory")
          + ", so there is nothing to undo");
    }
    int oldCount = discovered.get("old_groups").split(",").length;
    RedoGeometry geometry = RedoGeometry.of(Long.parseLong(discovered.get("old_bytes")),
        Integer.parseInt(discovered.get("old_blocksize")));
    return new RedoRelocationRequest(discovered.get("old_directory"), geometry, Math.max(2, oldCount),
        Optional.empty());
  }
}
