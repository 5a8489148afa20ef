package io.commitbench.storage.cow;

import java.util.Arrays;
import java.util.BitSet;
import java.util.SplittableRandom;

/**
 * Which blocks each worker writes in a phase, and in what order. The workers' shares are disjoint
 * and together are the phase's blocks, each once: worker {@code w} takes positions {@code
 * starts[w]..starts[w+1]} of one sequence (the file in order, a seeded permutation, or a seeded
 * sample). Immutable and thread-safe: each worker reads its own share.
 *
 * <pre>
 * BlockAssignment fill = BlockAssignment.ranges(65_536, 4);
 * for (int i = 0; i &lt; fill.count(w); i++) { write(fill.block(w, i)); }
 * </pre>
 */
final class BlockAssignment {

  /** {@code null} for the identity: position {@code i} is block {@code i}. */
  private final int[] sequence;
  private final int[] starts;

  private BlockAssignment(int[] sequence, int length, int workers) {
    if (workers < 1) {
      throw new IllegalArgumentException("workers " + workers + ": need at least one");
    }
    this.sequence = sequence;
    this.starts = new int[workers + 1];
    for (int w = 0; w <= workers; w++) {
      starts[w] = (int) ((long) length * w / workers);
    }
  }

  /** Every block once, each worker a contiguous range of the file written from its start. */
  static BlockAssignment ranges(int blocks, int workers) {
    return new BlockAssignment(null, blocks, workers);
  }

  /** Every block once, in one seeded random order cut into consecutive shares. */
  static BlockAssignment shuffled(int blocks, int workers, long seed) {
    int[] order = new int[blocks];
    for (int i = 0; i < blocks; i++) {
      order[i] = i;
    }
    shuffle(order, blocks, new SplittableRandom(seed));
    return new BlockAssignment(order, blocks, workers);
  }

  /** {@code count} different blocks of {@code blocks}, chosen and ordered at random from the seed. */
  static BlockAssignment sample(int blocks, int count, int workers, long seed) {
    if (count < 0 || count > blocks) {
      throw new IllegalArgumentException("cannot pick " + count + " of " + blocks + " blocks");
    }
    SplittableRandom random = new SplittableRandom(seed);
    int[] picked;
    if ((long) count * 2 <= blocks) {
      // Draw until count different blocks came up: at most half are taken, so under two draws
      // each on average, and memory stays with the sample (a bit per block), not the file.
      picked = new int[count];
      BitSet taken = new BitSet(blocks);
      for (int n = 0; n < count; ) {
        int b = random.nextInt(blocks);
        if (!taken.get(b)) {
          taken.set(b);
          picked[n++] = b;
        }
      }
    } else {
      // Most of the file: the first count of a partial shuffle (drawing would repeat too often).
      int[] all = new int[blocks];
      for (int i = 0; i < blocks; i++) {
        all[i] = i;
      }
      shuffle(all, count, random);
      picked = Arrays.copyOf(all, count);
    }
    return new BlockAssignment(picked, count, workers);
  }

  int workers() {
    return starts.length - 1;
  }

  /** Blocks written in the phase, over all workers. */
  int total() {
    return starts[starts.length - 1];
  }

  /** How many blocks worker {@code w} writes. */
  int count(int worker) {
    return starts[worker + 1] - starts[worker];
  }

  /** The {@code i}-th block worker {@code w} writes. */
  int block(int worker, int i) {
    int position = starts[worker] + i;
    return sequence == null ? position : sequence[position];
  }

  /** Fisher–Yates over the first {@code positions} places: they end up a uniform random pick, in random order. */
  private static void shuffle(int[] values, int positions, SplittableRandom random) {
    for (int i = 0; i < positions; i++) {
      int j = i + random.nextInt(values.length - i);
      int v = values[i];
      values[i] = values[j];
      values[j] = v;
    }
  }
}
