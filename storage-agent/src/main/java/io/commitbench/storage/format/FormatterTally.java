package io.commitbench.storage.format;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts a formatter's actions by kind ({@code clear logfile}, {@code fstrim}, …) with their total
 * and longest duration, and keeps notes of what it skipped and why. Thread-safe: the formatter's
 * thread records while the report thread reads.
 */
public final class FormatterTally {

  /**
   * What one kind of action added up to.
   *
   * @param action the action, e.g. {@code clear logfile}
   * @param count how many times it was done
   * @param total their summed duration
   * @param longest the longest single one
   */
  public record ActionTotal(String action, long count, Duration total, Duration longest) {}

  private final String arm;
  private final Map<String, ActionTotal> totals = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();
  private final Map<String, Long> observations = new LinkedHashMap<>();

  public FormatterTally(String arm) {
    this.arm = arm;
  }

  public String arm() {
    return arm;
  }

  /** Records one finished action and how long it took. */
  public synchronized void record(String action, Duration took) {
    totals.merge(action, new ActionTotal(action, 1, took, took), (a, b) -> new ActionTotal(action,
        a.count() + 1, a.total().plus(b.total()), a.longest().compareTo(b.longest()) >= 0 ? a.longest() : b.longest()));
  }

  /** Records something the formatter observed or declined to do, e.g. a group it left alone. */
  public synchronized void note(String text) {
    notes.add(text);
  }

  /** Counts something the server did by itself that the arm is about, e.g. a WAL segment created. */
  public synchronized void observe(String what, long count) {
    if (count > 0) {
      observations.merge(what, count, Long::sum);
    }
  }

  public synchronized Map<String, Long> observations() {
    return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(observations));
  }

  public synchronized List<ActionTotal> totals() {
    return List.copyOf(totals.values());
  }

  public synchronized List<String> notes() {
    return List.copyOf(notes);
  }

  /** All actions together. */
  public synchronized long actionCount() {
    return totals.values().stream().mapToLong(ActionTotal::count).sum();
  }
}
