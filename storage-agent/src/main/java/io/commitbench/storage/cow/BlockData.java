package io.commitbench.storage.cow;

import java.nio.ByteBuffer;

/**
 * The bytes of one block: pseudo-random, and a function of (seed, phase, block) alone, so a file
 * written by any number of workers in any schedule has the same content for the same seed. The
 * generator is SplitMix64 (Steele, Lea and Flood), seeded per block from the three numbers: a
 * handful of multiplications per 8 bytes, far below the cost of the write it feeds. Random rather
 * than constant bytes, like the article's {@code /dev/urandom}, so no compression or deduplication
 * below the filesystem can make a block cheaper. Stateless and thread-safe.
 */
final class BlockData {

  /** The phase numbers that make a block's content differ between fill and rewrite. */
  static final int FILL = 1;
  static final int REWRITE = 2;

  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

  private BlockData() {}

  /** Fills {@code block} from position 0 to its limit (a multiple of 8) and leaves it ready to write. */
  static void fill(ByteBuffer block, long seed, int phase, long blockIndex) {
    long state = mix(mix(seed + GOLDEN_GAMMA * phase) ^ blockIndex);
    block.clear();
    int longs = block.capacity() / Long.BYTES;
    for (int i = 0; i < longs; i++) {
      state += GOLDEN_GAMMA;
      block.putLong(i * Long.BYTES, mix(state));
    }
  }

  /** SplitMix64's output function (a variant of MurmurHash3's finaliser). */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
