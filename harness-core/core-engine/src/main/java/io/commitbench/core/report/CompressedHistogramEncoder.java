package io.commitbench.core.report;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/**
 * A histogram in HdrHistogram's compressed form, the bytes {@link
 * Histogram#encodeIntoCompressedByteBuffer(ByteBuffer, int)} gives (its compressed-encoding cookie,
 * the compressed length, then its plain encoding deflated at the given level), with one {@link
 * Deflater} kept for every histogram. HdrHistogram makes a new one per histogram: zlib's state of
 * some 260 KB allocated and freed again for each histogram of each interval. Keeping one takes
 * about 1.5 % off {@code HotPath.writeInterval} (1.39 against 1.41 ms an interval); the rest of
 * zlib's share of the reporter's CPU is the compression itself, which the log sink leaves out
 * ({@link java.util.zip.Deflater#NO_COMPRESSION}: see HistogramLogSink). A reset deflater starts
 * from the same state as a new one, so the bytes are the same. Not thread-safe; {@link #close}
 * frees zlib's memory.
 */
final class CompressedHistogramEncoder implements AutoCloseable {

  /** HdrHistogram's header before the deflated bytes: its cookie, then their length, each an int. */
  private static final int HEADER_BYTES = 8;

  private final Deflater deflater;
  /** HdrHistogram's compressed-encoding cookie, read from its own encoding of an empty histogram. */
  private final int cookie;
  private ByteBuffer plain = ByteBuffer.allocate(0);
  private byte[] compressed = new byte[256];

  CompressedHistogramEncoder(int level) {
    this.deflater = new Deflater(level);
    Histogram empty = new Histogram(1);
    ByteBuffer probe = ByteBuffer.allocate(empty.getNeededByteBufferCapacity());
    empty.encodeIntoCompressedByteBuffer(probe, level);
    this.cookie = probe.getInt(0);
  }

  /** {@code histogram} compressed, as many bytes as it takes. */
  byte[] encode(Histogram histogram) {
    int capacity = histogram.getNeededByteBufferCapacity();
    if (plain.capacity() < capacity) {
      plain = ByteBuffer.allocate(capacity);
    }
    plain.clear();
    int plainLength = histogram.encodeIntoByteBuffer(plain);
    deflater.reset();
    deflater.setInput(plain.array(), 0, plainLength);
    deflater.finish();
    int length = HEADER_BYTES;
    while (!deflater.finished()) {
      if (length == compressed.length) {
        compressed = Arrays.copyOf(compressed, compressed.length * 2);
      }
      length += deflater.deflate(compressed, length, compressed.length - length);
    }
    ByteBuffer header = ByteBuffer.wrap(compressed);
    header.putInt(0, cookie);
    header.putInt(4, length - HEADER_BYTES);
    return Arrays.copyOf(compressed, length);
  }

  @Override
  public void close() {
    deflater.end();
  }
}
