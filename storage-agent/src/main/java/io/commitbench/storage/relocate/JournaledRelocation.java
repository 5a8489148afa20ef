package io.commitbench.storage.relocate;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A relocation the agent carries out itself, under a journal that {@code storage undo} reverses: a
 * managed instance's (through its own programs) or an Oracle server's (online, over SQL). What a
 * caller needs to begin the journal and to tell the operator what is left to do by hand. A
 * relocation for a server the agent does not manage is only a plan and is not one of these.
 */
public interface JournaledRelocation extends LogRelocation {

  /** The operation name on the journal's {@code begin} line; undo dispatches on it. */
  String operation();

  /** What to write on the journal's {@code begin} line: enough to reverse the move, never a password. */
  Map<String, String> journalParameters();

  /** A new, time-stamped journal file for when the caller names none. */
  Path defaultJournal();

  /** What was done, in the line that ends the output: {@code moved in 2.1 s; journal: …}. */
  default String done() {
    return "moved";
  }

  /**
   * Files on the database host that the move left behind and the agent could not remove, for the
   * operator to delete there once {@link #apply} has returned; none unless the kind says otherwise.
   */
  default List<String> leftForOperator() {
    return List.of();
  }

  /**
   * What the operator should know once {@link #apply} has returned and that the journal holds as a
   * note (e.g. a directory left because it was not empty), one line each; none by default.
   */
  default List<String> remarks() {
    return List.of();
  }
}
