package io.commitbench.storage.cow;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A block's bytes depend on (seed, phase, block) alone, and differ when any of them does. */
class BlockDataTest {

  @Test
  void theSameInputsGiveTheSameBytesAndAnyChangeOthers() {
    ByteBuffer a = block(1, BlockData.FILL, 7);
    assertThat(a).isEqualTo(block(1, BlockData.FILL, 7));
    assertThat(a).isNotEqualTo(block(2, BlockData.FILL, 7));
    assertThat(a).isNotEqualTo(block(1, BlockData.REWRITE, 7));
    assertThat(a).isNotEqualTo(block(1, BlockData.FILL, 8));
  }

  @Test
  void fillsTheWholeBlockWithVariedBytesReadyToWrite() {
    ByteBuffer b = block(1, BlockData.FILL, 0);
    assertThat(b.position()).isZero();
    assertThat(b.remaining()).isEqualTo(CowProbeSpec.BLOCK_BYTES);
    Set<Long> longs = new HashSet<>();
    for (int i = 0; i < CowProbeSpec.BLOCK_BYTES; i += Long.BYTES) {
      longs.add(b.getLong(i));
    }
    assertThat(longs).as("512 different 8-byte words: nothing to compress").hasSize(512);
  }

  private static ByteBuffer block(long seed, int phase, long index) {
    ByteBuffer b = ByteBuffer.allocate(CowProbeSpec.BLOCK_BYTES);
    BlockData.fill(b, seed, phase, index);
    return b;
  }
}
