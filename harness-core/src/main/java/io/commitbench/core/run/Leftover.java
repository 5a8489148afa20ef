package io.commitbench.core.run;

import java.util.List;

/**
 * Something the run created and its cleanup could not drop, with the statements that remove it,
 * so the report can end with what is left on the (possibly shared) server and how to remove it.
 *
 * @param what {@code table cb_table_1}, {@code user cb_user_2}
 * @param removal the statements that drop it, to run as {@code db.user}
 * @param reason the server's answer to the cleanup's attempt
 */
record Leftover(String what, List<String> removal, String reason) {

  Leftover {
    removal = List.copyOf(removal);
    // One line: a server's message may run over several (PostgreSQL's "Detail:", "Hint:").
    reason = reason == null ? "" : reason.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
