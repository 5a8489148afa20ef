package io.commitbench.core.measure;

import java.util.concurrent.locks.ReentrantLock;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * Where one actor (or a few actors in turn) record what they measured, cut into intervals by the
 * {@link IntervalSampler}. A writer records a whole transaction at once, its statements, its
 * transaction figures and its counts, inside one {@link WriterReaderPhaser} critical section; the
 * sampler swaps the active bucket for the idle one and waits for writers in flight. So an
 * interval holds every transaction completely or not at all: an autocommit statement and the
 * transaction it is always fall into the same interval (a recorder for each could split them),
 * and recording costs one atomic increment per transaction, not one per value.
 *
 * <p>A stripe is either {@linkplain #singleWriter one actor's own} or {@linkplain #shared shared}
 * by several actors, who then also take the stripe's lock to write (histograms are plain, not
 * concurrent). Thread-safety: {@link #write} as described; {@link #swap} from the sampler only.
 */
final class LatencyStripe {

  private final WriterReaderPhaser phaser = new WriterReaderPhaser();
  private final ReentrantLock writers;
  private volatile RecordingBucket active;
  private RecordingBucket idle;
  /** The open write's phaser value: one writer at a time (the stripe's actor, or the lock's holder). */
  private long critical;

  private LatencyStripe(int transactionTypes, boolean shared) {
    this.active = new RecordingBucket(transactionTypes);
    this.idle = new RecordingBucket(transactionTypes);
    this.writers = shared ? new ReentrantLock() : null;
  }

  /** A stripe written by one actor only. */
  static LatencyStripe singleWriter(int transactionTypes) {
    return new LatencyStripe(transactionTypes, false);
  }

  /** A stripe any number of actors may write, one at a time. */
  static LatencyStripe shared(int transactionTypes) {
    return new LatencyStripe(transactionTypes, true);
  }

  /** What a writer puts into the active bucket in one go. */
  interface Entry {
    void into(RecordingBucket bucket);
  }

  void write(Entry entry) {
    RecordingBucket bucket = beginWrite();
    try {
      entry.into(bucket);
    } finally {
      endWrite();
    }
  }

  /**
   * Opens a write: the bucket to write into until {@link #endWrite}, which must follow in a {@code
   * finally}. For the writer's hot path, where {@link #write}'s entry would be an object
   * allocated per transaction.
   */
  RecordingBucket beginWrite() {
    if (writers != null) {
      writers.lock();
    }
    critical = phaser.writerCriticalSectionEnter();
    return active;
  }

  void endWrite() {
    phaser.writerCriticalSectionExit(critical);
    if (writers != null) {
      writers.unlock();
    }
  }

  /**
   * Adds everything recorded since the previous call into {@code interval} and clears it here.
   */
  void drainInto(RecordingBucket interval) {
    phaser.readerLock();
    try {
      RecordingBucket written = active;
      idle.resetShapedLike(interval);
      active = idle;
      idle = written;
      phaser.flipPhase();
    } finally {
      phaser.readerUnlock();
    }
    idle.addTo(interval);
  }
}
