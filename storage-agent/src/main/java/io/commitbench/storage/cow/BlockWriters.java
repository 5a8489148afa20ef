package io.commitbench.storage.cow;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs one write phase: a thread per worker, each with its own channel on the file (as the
 * article's script gives each process its own file object), writing its share of the blocks with
 * positional writes ({@code pwrite}), while the calling thread reports progress. No fsync here:
 * the caller times that on its own.
 *
 * <p>A failing worker stops the others at their next block; every worker's failure is reported,
 * the first as the exception and the rest suppressed in it.
 */
final class BlockWriters {

  private BlockWriters() {}

  /**
   * Writes every block of {@code blocks} into {@code file}, returning when all workers are done.
   *
   * @param phase {@link BlockData#FILL} or {@link BlockData#REWRITE}, so the two write different bytes
   * @throws IOException the first worker's failure (others suppressed), or {@link
   *     InterruptedIOException} when the calling thread is interrupted (workers are stopped)
   */
  static void write(Path file, BlockAssignment blocks, long seed, int phase, String phaseName,
      Duration progressEvery, CowProbeListener listener) throws IOException {
    int workers = blocks.workers();
    LongAdder done = new LongAdder();
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch finished = new CountDownLatch(workers);
    AtomicInteger numbers = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(workers, task -> {
      Thread t = new Thread(task, "cow-probe-" + phaseName + "-" + numbers.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    List<Future<Void>> results = new ArrayList<>();
    long start = System.nanoTime();
    try {
      for (int w = 0; w < workers; w++) {
        int worker = w;
        results.add(pool.submit(() -> {
          try {
            writeShare(file, blocks, worker, seed, phase, done, stop);
            return null;
          } catch (IOException | RuntimeException e) {
            stop.set(true);
            throw e;
          } finally {
            finished.countDown();
          }
        }));
      }
      while (!finished.await(progressEvery.toNanos(), TimeUnit.NANOSECONDS)) {
        listener.progress(phaseName, done.sum() * CowProbeSpec.BLOCK_BYTES,
            (long) blocks.total() * CowProbeSpec.BLOCK_BYTES, Duration.ofNanos(System.nanoTime() - start));
      }
    } catch (InterruptedException e) {
      stop.set(true);
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(phaseName + " interrupted after " + done.sum() + " of " + blocks.total()
          + " blocks; the workers were stopped");
    } finally {
      pool.shutdownNow();
    }
    throwFailures(phaseName, file, results);
  }

  private static void writeShare(Path file, BlockAssignment blocks, int worker, long seed, int phase,
      LongAdder done, AtomicBoolean stop) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocateDirect(CowProbeSpec.BLOCK_BYTES);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      int count = blocks.count(worker);
      for (int i = 0; i < count && !stop.get(); i++) {
        int block = blocks.block(worker, i);
        BlockData.fill(buffer, seed, phase, block);
        long position = (long) block * CowProbeSpec.BLOCK_BYTES;
        try {
          while (buffer.hasRemaining()) {
            position += channel.write(buffer, position);
          }
        } catch (IOException e) {
          throw new IOException("worker " + (worker + 1) + " failed writing block " + block + ": " + e.getMessage(), e);
        }
        done.increment();
      }
    }
  }

  private static void throwFailures(String phaseName, Path file, List<Future<Void>> results) throws IOException {
    IOException first = null;
    for (Future<Void> result : results) {
      try {
        result.get();
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (first == null) {
          first = new IOException(phaseName + " of " + file + " failed: " + cause.getMessage(), cause);
        } else {
          first.addSuppressed(cause);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException(phaseName + " interrupted while collecting the workers");
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
