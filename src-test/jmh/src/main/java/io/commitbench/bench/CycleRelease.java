package io.commitbench.bench;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Phaser;

/**
 * How {@link PlainJdbcLoop} lets its threads go at the start of each cycle. The choice changes
 * H2's throughput by several per cent on a small machine (see {@link PlainJdbcLoop}), so the
 * overhead comparison uses the harness's own kind of release and keeps the other to show the
 * difference.
 */
enum CycleRelease {

  /** All threads at once, by a {@link Phaser}: how the harness releases its actors with {@code sleep=0}. */
  TOGETHER("together"),

  /**
   * By a {@link CyclicBarrier}, which wakes its threads one after another (each must take the
   * barrier's lock): kept to show what the release changes.
   */
  ONE_BY_ONE("one-by-one");

  /** Where the threads wait for the others before each cycle. */
  interface Gate {
    void pass() throws InterruptedException, BrokenBarrierException;
  }

  private final String value;

  CycleRelease(String value) {
    this.value = value;
  }

  String value() {
    return value;
  }

  static CycleRelease of(String value) {
    for (CycleRelease release : values()) {
      if (release.value.equals(value)) {
        return release;
      }
    }
    throw new IllegalArgumentException("unknown release '" + value + "'; allowed: together, one-by-one");
  }

  /** A gate for {@code threads} threads; {@code onRelease} runs once per cycle, just before they go. */
  Gate gate(int threads, Runnable onRelease) {
    if (this == ONE_BY_ONE) {
      CyclicBarrier barrier = new CyclicBarrier(threads, onRelease);
      return barrier::await;
    }
    Phaser phaser = new Phaser(threads) {
      @Override
      protected boolean onAdvance(int phase, int parties) {
        onRelease.run();
        return false;
      }
    };
    return phaser::arriveAndAwaitAdvance;
  }
}
