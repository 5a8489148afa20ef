package io.commitbench.core.report;

import java.util.List;

/**
 * Something the run created and its cleanup could not drop, with the statements that remove it,
 * so the report can end with what is left on the (possibly shared) server and how to remove it,
 * and summary.json can list it ({@code leftovers}). The run knows these from what it created, not
 * from the server: they are listed also when the server can no longer be asked.
 *
 * @param what {@code table cb_table_1}, {@code user cb_user_2}
 * @param removal the statements that drop it, to run as {@code db.user}
 * @param reason why it was not dropped: the server's answer to the cleanup's attempt, or that the
 *     admin connection was lost
 */
public record Leftover(String what, List<String> removal, String reason) {

  public Leftover {
    removal = List.copyOf(removal);
    // One line: a server's message may run over several (PostgreSQL's "Detail:", "Hint:").
    reason = reason == null ? "" : reason.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
