package io.commitbench.storage.cow;

import io.commitbench.storage.inspect.Sizes;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * What one copy-on-write probe is asked to do: where, how big, how many workers and rewrites,
 * and how. Every value is checked when the record is made, with a message naming the option, the
 * value and what is allowed; nothing is clamped.
 *
 * <pre>
 * CowProbeSpec spec = CowProbeSpec.defaults(Path.of("/mnt/btrfs/data"))
 *     .withSize(32L &lt;&lt; 20).withRewrites(CowProbeSpec.rewrites("25%", 32L &lt;&lt; 20));
 * </pre>
 *
 * @param directory where the probe file is made; the storage under it is what is measured
 * @param sizeBytes the file's size, a multiple of {@link #BLOCK_BYTES}
 * @param workers threads writing in the fill and rewrite phases
 * @param rewrites blocks rewritten in the rewrite phase, each a different one
 * @param seed seeds the block order, the rewrite sample and the data: same seed, same file
 * @param fillOrder the order the fill writes the blocks in
 * @param snapshotMode whether to snapshot between fill and rewrite
 * @param cacheDrop how the page cache is emptied before the read
 * @param keep leave the probe file behind (the snapshot is always removed)
 */
public record CowProbeSpec(Path directory, long sizeBytes, int workers, int rewrites, long seed, FillOrder fillOrder,
    SnapshotMode snapshotMode, CacheDrop cacheDrop, boolean keep) {

  /** The unit every write covers: one page, one filesystem block, the article's "4 KB extent". */
  public static final int BLOCK_BYTES = 4096;
  public static final long DEFAULT_SIZE_BYTES = 256L << 20;
  /** Smaller leaves too few blocks per worker to say anything. */
  public static final long MIN_SIZE_BYTES = 1L << 20;
  /** Block numbers are ints, and a random fill order holds 4 bytes per block in memory (1 GiB here). */
  public static final long MAX_SIZE_BYTES = 1L << 40;
  public static final int DEFAULT_WORKERS = 4;
  public static final int MAX_WORKERS = 64;
  /** The article's share: 250,000 of 25,000,000 extents (100 GB in 4,000-byte extents). */
  public static final String DEFAULT_REWRITES = "1%";
  public static final long DEFAULT_SEED = 1;

  public CowProbeSpec {
    Objects.requireNonNull(directory, "directory");
    Objects.requireNonNull(fillOrder, "fillOrder");
    Objects.requireNonNull(snapshotMode, "snapshotMode");
    Objects.requireNonNull(cacheDrop, "cacheDrop");
    checkSize(sizeBytes);
    if (workers < 1 || workers > MAX_WORKERS) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "Invalid value '%d' for option '--workers': give 1 to %d", workers, MAX_WORKERS));
    }
    long blocks = sizeBytes / BLOCK_BYTES;
    if (rewrites < 1 || rewrites > blocks) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "Invalid value '%d' for option '--rewrites': give 1 to %,d, the blocks in a %s file (or a share like 1%%)",
          rewrites, blocks, Sizes.binary(sizeBytes)));
    }
  }

  /** The defaults for a directory: 256 MiB, 4 workers, 1 % rewritten, seed 1, ranges, snapshot auto, file cache. */
  public static CowProbeSpec defaults(Path directory) {
    return new CowProbeSpec(directory, DEFAULT_SIZE_BYTES, DEFAULT_WORKERS, rewrites(DEFAULT_REWRITES,
        DEFAULT_SIZE_BYTES), DEFAULT_SEED, FillOrder.RANGES, SnapshotMode.AUTO, CacheDrop.FILE, false);
  }

  /**
   * The number of rewrites {@code text} asks for in a file of {@code sizeBytes}: a count ({@code
   * 250000}) or a share of the blocks ({@code 1%}, {@code 0.5%}; rounded down, at least one).
   *
   * @throws IllegalArgumentException for anything else, a share outside (0, 100] or a bad size
   */
  public static int rewrites(String text, long sizeBytes) {
    checkSize(sizeBytes);
    long blocks = sizeBytes / BLOCK_BYTES;
    String t = text.strip();
    try {
      if (t.endsWith("%")) {
        BigDecimal percent = new BigDecimal(t.substring(0, t.length() - 1).strip());
        if (percent.signum() <= 0 || percent.compareTo(BigDecimal.valueOf(100)) > 0) {
          throw new NumberFormatException("share out of range");
        }
        long count = percent.multiply(BigDecimal.valueOf(blocks)).divideToIntegralValue(BigDecimal.valueOf(100))
            .longValueExact();
        return (int) Math.max(1, count);
      }
      long count = Long.parseLong(t);
      return count > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) count; // range told by the constructor
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException("Invalid value '" + text + "' for option '--rewrites': give a count of "
          + "blocks (1 to " + String.format(Locale.ROOT, "%,d", blocks) + ") or a share of them above 0 and up to "
          + "100%, e.g. 1%");
    }
  }

  /** The file's size in blocks. */
  public int blocks() {
    return (int) (sizeBytes / BLOCK_BYTES);
  }

  public CowProbeSpec withSize(long bytes) {
    return new CowProbeSpec(directory, bytes, workers, rewrites, seed, fillOrder, snapshotMode, cacheDrop, keep);
  }

  public CowProbeSpec withWorkers(int count) {
    return new CowProbeSpec(directory, sizeBytes, count, rewrites, seed, fillOrder, snapshotMode, cacheDrop, keep);
  }

  public CowProbeSpec withRewrites(int count) {
    return new CowProbeSpec(directory, sizeBytes, workers, count, seed, fillOrder, snapshotMode, cacheDrop, keep);
  }

  public CowProbeSpec withSeed(long value) {
    return new CowProbeSpec(directory, sizeBytes, workers, rewrites, value, fillOrder, snapshotMode, cacheDrop, keep);
  }

  public CowProbeSpec withFillOrder(FillOrder order) {
    return new CowProbeSpec(directory, sizeBytes, workers, rewrites, seed, order, snapshotMode, cacheDrop, keep);
  }

  public CowProbeSpec withSnapshotMode(SnapshotMode mode) {
    return new CowProbeSpec(directory, sizeBytes, workers, rewrites, seed, fillOrder, mode, cacheDrop, keep);
  }

  public CowProbeSpec withCacheDrop(CacheDrop drop) {
    return new CowProbeSpec(directory, sizeBytes, workers, rewrites, seed, fillOrder, snapshotMode, drop, keep);
  }

  public CowProbeSpec withKeep(boolean value) {
    return new CowProbeSpec(directory, sizeBytes, workers, rewrites, seed, fillOrder, snapshotMode, cacheDrop, value);
  }

  private static void checkSize(long bytes) {
    if (bytes < MIN_SIZE_BYTES || bytes > MAX_SIZE_BYTES || bytes % BLOCK_BYTES != 0) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "Invalid value '%s' (%,d bytes) for option '--size': give a multiple of 4 KiB (the probe's block) "
              + "from 1M to 1T, e.g. 256M", Sizes.binary(bytes), bytes));
    }
  }
}
