package io.commitbench.storage.oracle;

import io.commitbench.storage.format.FormatterTally;

/**
 * What an Oracle pre-format arm does to one group that has just become reusable (INACTIVE, and
 * ARCHIVED in ARCHIVELOG mode). It times each statement or file action into the tally, and when
 * the server refuses because the group became needed again it leaves the group alone with a note.
 */
interface GroupAction {

  /** The arm's name, e.g. {@code clear}. */
  String arm();

  void apply(RedoGroup group, FormatterTally tally) throws Exception;
}
