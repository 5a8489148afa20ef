package io.commitbench.core.workload.index;

import java.math.BigInteger;

/**
 * A user's part of the 8-byte keys for the reads: the signed 64-bit range cut into {@code parts}
 * contiguous pieces of equal width, the first from {@link Long#MIN_VALUE}, the last to {@link
 * Long#MAX_VALUE}. The keys are uniform, so each piece holds about its share of the records, and
 * the pieces together hold every key exactly once.
 *
 * @param from the first key of the piece
 * @param to the last key of the piece (inclusive)
 */
record KeyRange(long from, long to) {

  private static final BigInteger SPAN = BigInteger.ONE.shiftLeft(Long.SIZE);
  private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);

  /** Piece {@code part} (0-based) of {@code parts}. */
  static KeyRange part(int part, int parts) {
    if (parts < 1 || part < 0 || part >= parts) {
      throw new IllegalArgumentException("part " + part + " of " + parts);
    }
    long to = part == parts - 1 ? Long.MAX_VALUE : start(part + 1, parts) - 1;
    return new KeyRange(start(part, parts), to);
  }

  private static long start(int part, int parts) {
    return SPAN.multiply(BigInteger.valueOf(part)).divide(BigInteger.valueOf(parts)).add(MIN).longValueExact();
  }
}
