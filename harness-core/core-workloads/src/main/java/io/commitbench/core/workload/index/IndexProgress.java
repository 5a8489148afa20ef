package io.commitbench.core.workload.index;

import io.commitbench.core.dialect.DataSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * What every user of an index test has done so far, shared by them: records inserted and when
 * each tenth of N was complete (the insert curve), records read in each read and how many came
 * out of key order, each phase's first start and last end, and the data size read after the
 * run. Thread-safe; times are {@link System#nanoTime()} values handed in by the callers.
 */
final class IndexProgress {

  static final int TENTHS = 10;
  /** Phases by their transaction type index. */
  static final int INSERT = 0;
  static final int FIRST_READ = 1;
  static final int SECOND_READ = 2;
  static final int PHASES = 3;

  private final long records;
  private final AtomicLong inserted = new AtomicLong();
  /** [0]: the insert phase's start; [k]: when the k-th tenth of N was inserted; 0 while not yet. */
  private final AtomicLongArray tenthEnds = new AtomicLongArray(TENTHS + 1);
  private final PhaseClock[] clocks = {new PhaseClock(), new PhaseClock(), new PhaseClock()};
  private volatile DataSize size;

  IndexProgress(long records) {
    if (records < TENTHS) {
      throw new IllegalArgumentException("at least " + TENTHS + " records, not " + records);
    }
    this.records = records;
  }

  /** The record count at the end of tenth {@code k} (0..10). */
  long boundary(int k) {
    return records * k / TENTHS;
  }

  /** A statement of {@code phase} begins. */
  void starting(int phase, long nowNanos) {
    clocks[phase].start(nowNanos);
    if (phase == INSERT) {
      tenthEnds.compareAndSet(0, 0, nowNanos);
    }
  }

  /** {@code rows} were inserted by a statement that ended at {@code nowNanos}. */
  void inserted(long rows, long nowNanos) {
    long after = inserted.addAndGet(rows);
    long before = after - rows;
    for (int k = 1; k <= TENTHS; k++) {
      long b = boundary(k);
      if (before < b && b <= after) {
        tenthEnds.compareAndSet(k, 0, nowNanos);
      }
    }
    clocks[INSERT].end(nowNanos, rows, 0);
  }

  /** A read query of {@code phase} returned {@code rows}, {@code outOfOrder} of them after a larger key. */
  void read(int phase, long rows, long outOfOrder, long nowNanos) {
    clocks[phase].end(nowNanos, rows, outOfOrder);
  }

  void dataSize(DataSize measured) {
    size = measured;
  }

  /** The figures so far. */
  IndexFigures figures() {
    List<IndexFigures.CurvePoint> curve = new ArrayList<>();
    long start = tenthEnds.get(0);
    for (int k = 1; k <= TENTHS && tenthEnds.get(k) != 0; k++) {
      long from = tenthEnds.get(k - 1);
      long to = tenthEnds.get(k);
      curve.add(new IndexFigures.CurvePoint(k, boundary(k) - boundary(k - 1), to - from, to - start));
    }
    List<IndexFigures.PhaseFigures> phases = new ArrayList<>();
    for (PhaseClock clock : clocks) {
      phases.add(clock.figures());
    }
    long first = clocks[INSERT].first.get();
    long last = Long.MIN_VALUE;
    for (PhaseClock clock : clocks) {
      last = Math.max(last, clock.last.get());
    }
    long total = first == Long.MAX_VALUE || last == Long.MIN_VALUE ? 0 : Math.max(0, last - first);
    return new IndexFigures(records, curve, phases, total, Optional.ofNullable(size));
  }

  /** One phase's rows and its span from the first start to the last end over all users. */
  private static final class PhaseClock {
    private final AtomicLong first = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong last = new AtomicLong(Long.MIN_VALUE);
    private final LongAdder rows = new LongAdder();
    private final LongAdder outOfOrder = new LongAdder();

    void start(long nanos) {
      first.accumulateAndGet(nanos, Math::min);
    }

    void end(long nanos, long count, long unordered) {
      last.accumulateAndGet(nanos, Math::max);
      rows.add(count);
      outOfOrder.add(unordered);
    }

    IndexFigures.PhaseFigures figures() {
      long from = first.get();
      long to = last.get();
      long nanos = from == Long.MAX_VALUE || to == Long.MIN_VALUE ? 0 : Math.max(0, to - from);
      return new IndexFigures.PhaseFigures(rows.sum(), nanos, outOfOrder.sum());
    }
  }
}
