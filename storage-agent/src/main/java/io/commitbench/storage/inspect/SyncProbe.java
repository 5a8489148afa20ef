package io.commitbench.storage.inspect;

import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.HdrHistogram.Histogram;

/**
 * Measures a directory's commit floor: the time of an 8 KiB write followed by {@code fdatasync}
 * ({@link FileChannel#force(boolean) force(false)}), which is what a database's commit waits for
 * at the least. The writes go to successive 8 KiB blocks of a temporary file in that directory,
 * cycling through it when there are more writes than blocks.
 *
 * <p>The file is written full of zeros and forced before the clock starts, as PostgreSQL zero-fills
 * a WAL segment and InnoDB its redo log: a commit overwrites allocated blocks, so its {@code
 * fdatasync} has no file size or extent allocation to journal. Without that, each sample would also
 * time an ext4/xfs journal commit for the growing file. The file holds at most {@link
 * #MAX_FILE_BYTES} (a 16 MiB WAL segment) and is deleted afterwards, also when a write fails.
 *
 * <pre>
 * ProbeResult r = new SyncProbe().run(Path.of("/mnt/ssd"), 200, ProbeProgress.NONE);
 * r.p99Micros();
 * </pre>
 *
 * <p>Stateless and thread-safe, but two probes on one device measure each other.
 */
public final class SyncProbe {

  /** Writes when none are asked for. */
  public static final int DEFAULT_WRITES = 200;
  /** Fewer writes give no p99 worth the name. */
  public static final int MIN_WRITES = 10;
  /** More would run for minutes on a throttled disk (~13 ms each) without saying more. */
  public static final int MAX_WRITES = 100_000;
  /** A PostgreSQL page, the unit of most WAL writes. */
  public static final int BLOCK_BYTES = 8 * 1024;
  /** The largest probe file: a default PostgreSQL WAL segment. */
  public static final long MAX_FILE_BYTES = 16L * 1024 * 1024;
  /** How often a long probe reports progress. */
  public static final Duration PROGRESS_EVERY = Duration.ofSeconds(2);

  /** Prefix of the probe file's name, so a leftover (after kill -9) is recognisable. */
  static final String FILE_PREFIX = "commitbench-inspect-probe-";

  private final Duration progressEvery;

  /** A probe that reports progress every {@link #PROGRESS_EVERY}. */
  public SyncProbe() {
    this(PROGRESS_EVERY);
  }

  /** For tests: {@link Duration#ZERO} reports after every write but the last. */
  SyncProbe(Duration progressEvery) {
    this.progressEvery = progressEvery;
  }

  /**
   * Refuses a number of writes outside {@link #MIN_WRITES}..{@link #MAX_WRITES}.
   *
   * @throws RefusedException naming the value and the range
   */
  public static void checkWrites(int writes) throws RefusedException {
    if (writes < MIN_WRITES || writes > MAX_WRITES) {
      throw new RefusedException(String.format("%,d writes is out of range: the probe takes %d to %,d",
          writes, MIN_WRITES, MAX_WRITES));
    }
  }

  /**
   * Refuses a path the probe cannot create its file in.
   *
   * @throws RefusedException naming the path and what it is instead of a writable directory
   */
  public static void checkDirectory(Path path) throws RefusedException {
    if (!Files.exists(path)) {
      throw new RefusedException("cannot probe " + path + ": it does not exist; give a writable directory");
    }
    if (!Files.isDirectory(path)) {
      throw new RefusedException("cannot probe " + path + ": not a directory; give a writable directory on the device");
    }
    if (!Files.isWritable(path)) {
      throw new RefusedException("cannot probe " + path
          + ": not writable by this user (or a read-only mount); give a writable directory");
    }
  }

  /**
   * Runs the probe: checks its arguments, preallocates the file, times {@code writes} writes.
   *
   * @throws RefusedException before anything is created, for a bad directory or count
   * @throws IOException when creating, writing or forcing the file fails (the file is deleted)
   */
  public ProbeResult run(Path directory, int writes, ProbeProgress progress) throws RefusedException, IOException {
    checkWrites(writes);
    checkDirectory(directory);
    long blocks = Math.min(writes, MAX_FILE_BYTES / BLOCK_BYTES);
    Path file = Files.createTempFile(directory, FILE_PREFIX, ".tmp");
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ByteBuffer block = ByteBuffer.allocateDirect(BLOCK_BYTES);
      for (long b = 0; b < blocks; b++) {
        writeFully(channel, block, b * BLOCK_BYTES);
      }
      channel.force(true);
      return timeWrites(directory, channel, block, blocks, writes, progress);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private ProbeResult timeWrites(Path directory, FileChannel channel, ByteBuffer block, long blocks,
      int writes, ProbeProgress progress) throws IOException {
    Histogram latencyNanos = new Histogram(3);
    long start = System.nanoTime();
    long nextReport = start + progressEvery.toNanos();
    for (int i = 0; i < writes; i++) {
      block.putLong(0, i); // a different page each time, as a real log write would be
      long before = System.nanoTime();
      writeFully(channel, block, (i % blocks) * BLOCK_BYTES);
      channel.force(false);
      long after = System.nanoTime();
      latencyNanos.recordValue(Math.max(1, after - before));
      if (after >= nextReport && i + 1 < writes) {
        progress.report(directory, i + 1, writes, Duration.ofNanos(after - start));
        nextReport = after + progressEvery.toNanos();
      }
    }
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    return new ProbeResult(directory, BLOCK_BYTES, blocks * BLOCK_BYTES, latencyNanos, elapsed);
  }

  private static void writeFully(FileChannel channel, ByteBuffer block, long position) throws IOException {
    block.clear();
    long at = position;
    while (block.hasRemaining()) {
      at += channel.write(block, at);
    }
  }
}
