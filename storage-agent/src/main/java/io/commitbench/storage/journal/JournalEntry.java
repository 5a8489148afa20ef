package io.commitbench.storage.journal;

import java.time.Instant;
import java.util.Map;

/**
 * One line of a journal.
 *
 * @param time when it was written
 * @param event {@code begin} (the operation and its parameters), {@code step} (an action that
 *     was executed and finished), {@code note} (something observed) or {@code end} (the outcome)
 * @param text the operation's name for {@code begin}, the action for {@code step}, the text of a
 *     {@code note}, the outcome for {@code end}
 * @param detail key/value facts: the parameters for {@code begin}, what an action changed (old and
 *     new paths, device numbers) for {@code step}; what undo needs is here
 */
public record JournalEntry(Instant time, String event, String text, Map<String, String> detail) {

  public JournalEntry {
    detail = Map.copyOf(detail);
  }
}
