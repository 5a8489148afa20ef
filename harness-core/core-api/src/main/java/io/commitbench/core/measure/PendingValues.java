package io.commitbench.core.measure;

import java.util.Arrays;
import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;

/**
 * Latencies written down in arrival order, each with the number of the histogram it belongs to,
 * to be recorded into histograms later and in one go.
 *
 * <p>Why not record at once: an actor's thread spends most of its time in the JDBC driver and the
 * kernel's network stack, which push the histograms out of its caches between two transactions.
 * Recording an autocommit statement at once would touch five histograms (the statement's kind;
 * the transaction's response, service and lag), each a few cache lines of fields and counts that
 * are no longer there, a large share of the harness's own time on the actor's thread against a
 * real server. Appending to one array touches one line per eight values, and
 * the histograms are then filled in a tight loop, by the reporter's thread for the interval, or
 * by the actor itself, in batches, when the array is full.
 *
 * <p>The array grows, by doubling, up to a maximum: a slow actor (one of a thousand) keeps a small
 * one, and a fast one does not fill it within an interval. A fixed array small enough for the
 * slow one would be filled within every interval by an actor at a few thousand statements a
 * second, which would then record its own values, on its own thread, into its bucket's
 * histograms, growing them from small ones ({@code Histogram.resize}) before they are added into
 * the interval's whole: allocation per statement a plain loop does not have, and the cache misses
 * the array is there to avoid.
 *
 * <p>A value and its histogram's number share one long: the number in the top {@value
 * #SLOT_BITS} bits, the value (nanoseconds) in the rest, so values are capped at {@link
 * #MAX_VALUE} (about 78 hours). Not thread-safe: its bucket's owner decides who touches it.
 */
final class PendingValues {

  static final int SLOT_BITS = 16;
  static final long MAX_VALUE = (1L << (Long.SIZE - SLOT_BITS)) - 1;
  static final int MAX_SLOTS = 1 << SLOT_BITS;

  /** How many entries it may hold: it grows up to this, then must be replayed and cleared. */
  private final int maxCapacity;
  private long[] entries;
  private int count;

  /**
   * @param initialCapacity how many values it holds at first; it doubles whenever they are all used
   * @param maxCapacity how many it may hold at most; when {@link #full}, replay and {@link #clear} it before adding more
   */
  PendingValues(int initialCapacity, int maxCapacity) {
    if (initialCapacity < 1 || maxCapacity < initialCapacity) {
      throw new IllegalArgumentException("capacity " + initialCapacity + " up to " + maxCapacity);
    }
    this.entries = new long[initialCapacity];
    this.maxCapacity = maxCapacity;
  }

  /** Whether it holds as many values as it may: then no other fits before a replay and a {@link #clear}. */
  boolean full() {
    return count == maxCapacity;
  }

  int size() {
    return count;
  }

  /** Writes down {@code value} (negative counts as 0) for histogram {@code slot}; the caller checks {@link #full} first. */
  void add(int slot, long value) {
    addEntry(entry(slot, value));
  }

  /** {@code value} for histogram {@code slot} as one entry: see the class comment. */
  static long entry(int slot, long value) {
    return ((long) slot << (Long.SIZE - SLOT_BITS)) | Math.min(MAX_VALUE, Math.max(0, value));
  }

  /** Adds an entry made by {@link #entry}; the caller checks {@link #full} first. */
  void addEntry(long entry) {
    if (count == entries.length) {
      entries = Arrays.copyOf(entries, (int) Math.min(maxCapacity, 2L * entries.length));
    }
    entries[count++] = entry;
  }

  /** Records every value held into {@code histograms.apply(slot)}; they are still held afterwards. */
  void replayInto(IntFunction<Histogram> histograms) {
    for (int i = 0; i < count; i++) {
      long entry = entries[i];
      histograms.apply((int) (entry >>> (Long.SIZE - SLOT_BITS))).recordValue(entry & MAX_VALUE);
    }
  }

  void clear() {
    count = 0;
  }
}
