package io.commitbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class CompressedHistogramEncoderTest {

  /**
   * One encoder for histograms one after another, as the log sink uses it: each must come out as
   * the bytes HdrHistogram itself gives at the same level (the sink's, stored without compression,
   * and the fastest), so nothing of the one before stays in the kept deflater, and a form larger
   * than the encoder's first buffer is whole.
   */
  @Test
  void givesHdrHistogramsOwnCompressedBytesForEveryHistogramInTurn() {
    Histogram empty = new Histogram(3);
    Histogram one = new Histogram(3);
    one.recordValue(1_234_567);
    Histogram wide = new Histogram(3); // values from 1 µs to 10 s: thousands of distinct counts
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 50_000; i++) {
      wide.recordValue((long) Math.pow(10, 3 + 7 * random.nextDouble()));
    }
    Histogram sized = new Histogram(1, 60_000_000_000L, 3);
    sized.recordValue(42_000);
    List<Histogram> histograms = List.of(one, wide, empty, sized, wide, one);
    for (int level : new int[] {Deflater.NO_COMPRESSION, Deflater.BEST_SPEED}) {
      try (CompressedHistogramEncoder encoder = new CompressedHistogramEncoder(level)) {
        for (Histogram h : histograms) {
          byte[] ours = encoder.encode(h);
          assertThat(ours).as("level %d, a histogram of %d values up to %d", level, h.getTotalCount(), h.getMaxValue())
              .isEqualTo(hdrHistograms(h, level));
        }
        assertThat(encoder.encode(wide).length).as("larger than the encoder's first buffer").isGreaterThan(256);
      }
    }
  }

  @Test
  void decodesToTheSameHistogram() throws Exception {
    Histogram h = new Histogram(3);
    for (long v = 1_000; v < 5_000_000; v += 997) {
      h.recordValue(v);
    }
    for (int level : new int[] {Deflater.NO_COMPRESSION, Deflater.BEST_COMPRESSION}) {
      try (CompressedHistogramEncoder encoder = new CompressedHistogramEncoder(level)) {
        Histogram decoded = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(encoder.encode(h)), 0);
        assertThat(decoded).as("level %d", level).isEqualTo(h);
      }
    }
  }

  private static byte[] hdrHistograms(Histogram h, int level) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer, level);
    return Arrays.copyOf(buffer.array(), length);
  }
}
