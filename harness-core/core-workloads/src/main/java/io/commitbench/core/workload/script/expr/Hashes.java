package io.commitbench.core.workload.script.expr;

/**
 * The integer hashes and the permutation of pgbench 15 ({@code getHashFnv1a}, {@code getHashMurmur2}
 * and {@code permute} in src/bin/pgbench/pgbench.c): deterministic for a given seed, so a script's
 * results equal pgbench's.
 */
final class Hashes {
  private static final long FNV_PRIME = 0x100000001B3L;
  private static final long FNV_OFFSET_BASIS = 0xCBF29CE484222325L;
  private static final long MM2_MUL = 0xC6A4A7935BD1E995L;
  private static final long MM2_MUL_TIMES_8 = 0x35253C9ADE8F4CA8L;
  private static final int MM2_ROT = 47;
  /** The rounds of permute's bijections, six as pgbench chose. */
  private static final int PERMUTE_ROUNDS = 6;

  private Hashes() {}

  /** FNV-1a over the value's eight bytes, lowest first, starting from the offset basis xor the seed. */
  static long fnv1a(long value, long seed) {
    long result = FNV_OFFSET_BASIS ^ seed;
    long rest = value;
    for (int i = 0; i < 8; i++) {
      result = (result ^ (rest & 0xFF)) * FNV_PRIME;
      rest >>= 8;
    }
    return result;
  }

  /** MurmurHash2 (64-bit, Austin Appleby's MurmurHash64A) of one 8-byte block. */
  static long murmur2(long value, long seed) {
    long result = seed ^ MM2_MUL_TIMES_8;
    long k = value * MM2_MUL;
    k ^= k >>> MM2_ROT;
    k *= MM2_MUL;
    result ^= k;
    result *= MM2_MUL;
    result ^= result >>> MM2_ROT;
    result *= MM2_MUL;
    result ^= result >>> MM2_ROT;
    return result;
  }

  /**
   * The position of {@code value} (modulo {@code size}) in a pseudo-random permutation of
   * {@code [0, size)} chosen by {@code seed}: six rounds of a random odd multiply, xor and rotate on
   * the lower and on the upper overlapping power-of-two halves, then a random offset, each draw from a
   * {@link ScriptRandom} seeded with {@code seed}. {@code size} must be positive.
   */
  static long permute(long value, long size, long seed) {
    if (size < 2) {
      return 0;
    }
    ScriptRandom random = new ScriptRandom(seed);
    long v = Long.remainderUnsigned(value, size);
    int maskLength = 63 - Long.numberOfLeadingZeros(size);
    long mask = (1L << maskLength) - 1;
    for (int round = 0; round < PERMUTE_ROUNDS; round++) {
      long multiplier = (random.nextLong() & mask) | 1;
      long xor = random.nextLong() & mask;
      if (v <= mask) {
        v = ((v * multiplier) ^ xor) & mask;
        v = ((v << 1) & mask) | (v >>> (maskLength - 1));
      }
      multiplier = (random.nextLong() & mask) | 1;
      xor = random.nextLong() & mask;
      long t = size - 1 - v;
      if (t <= mask) {
        t = ((t * multiplier) ^ xor) & mask;
        t = ((t << 1) & mask) | (t >>> (maskLength - 1));
        v = size - 1 - t;
      }
      long offset = random.unsignedInRange(size - 1);
      v = Long.remainderUnsigned(v + offset, size);
    }
    return v;
  }
}
