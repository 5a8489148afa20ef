package io.commitbench.storage.cow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each phase's blocks: disjoint shares per worker, together each block once (or a sample of distinct ones). */
class BlockAssignmentTest {

  @Test
  void rangesGiveEachWorkerAContiguousAscendingRangeAndCoverEveryBlockOnce() {
    BlockAssignment a = BlockAssignment.ranges(1003, 4);
    assertCoversEachBlockOnce(a, 1003);
    int next = 0;
    for (int w = 0; w < 4; w++) {
      assertThat(a.count(w)).isBetween(250, 251);
      for (int i = 0; i < a.count(w); i++) {
        assertThat(a.block(w, i)).as("worker %d, write %d", w, i).isEqualTo(next++);
      }
    }
  }

  @Test
  void shuffledCoversEveryBlockOnceInAnOrderTheSeedDecides() {
    BlockAssignment a = BlockAssignment.shuffled(10_007, 7, 42);
    assertCoversEachBlockOnce(a, 10_007);
    assertThat(sequence(a)).as("same seed, same order").isEqualTo(sequence(BlockAssignment.shuffled(10_007, 7, 42)));
    assertThat(sequence(a)).as("another seed, another order")
        .isNotEqualTo(sequence(BlockAssignment.shuffled(10_007, 7, 43)));
    assertThat(ascendingSteps(sequence(a))).as("not the file's order: about half the steps go up")
        .isBetween(4_000, 6_000);
  }

  @Test
  void moreWorkersThanBlocksLeavesSomeIdleAndStillCoversEachOnce() {
    BlockAssignment a = BlockAssignment.shuffled(3, 8, 1);
    assertCoversEachBlockOnce(a, 3);
    assertThat(a.workers()).isEqualTo(8);
  }

  @Test
  void aSmallSampleHasDistinctBlocksInRandomOrder() {
    BlockAssignment a = BlockAssignment.sample(100_000, 1_000, 4, 9);
    assertDistinctWithin(a, 1_000, 100_000);
    assertThat(sequence(a)).isEqualTo(sequence(BlockAssignment.sample(100_000, 1_000, 4, 9)));
    assertThat(sequence(a)).isNotEqualTo(sequence(BlockAssignment.sample(100_000, 1_000, 4, 10)));
  }

  @Test
  void aLargeSampleTakesTheShuffleBranchAndIsStillDistinct() {
    BlockAssignment most = BlockAssignment.sample(10_000, 7_500, 3, 5);
    assertDistinctWithin(most, 7_500, 10_000);
    assertCoversEachBlockOnce(BlockAssignment.sample(10_000, 10_000, 3, 5), 10_000);
    assertDistinctWithin(BlockAssignment.sample(10_000, 5_000, 3, 5), 5_000, 10_000);
  }

  private static void assertCoversEachBlockOnce(BlockAssignment a, int blocks) {
    assertDistinctWithin(a, blocks, blocks);
  }

  private static void assertDistinctWithin(BlockAssignment a, int count, int blocks) {
    BitSet seen = new BitSet(blocks);
    int total = 0;
    for (int w = 0; w < a.workers(); w++) {
      for (int i = 0; i < a.count(w); i++) {
        int b = a.block(w, i);
        assertThat(b).isBetween(0, blocks - 1);
        assertThat(seen.get(b)).as("block %d given twice", b).isFalse();
        seen.set(b);
        total++;
      }
    }
    assertThat(total).isEqualTo(count).isEqualTo(a.total());
    assertThat(seen.cardinality()).isEqualTo(count);
  }

  private static List<Integer> sequence(BlockAssignment a) {
    List<Integer> out = new ArrayList<>();
    for (int w = 0; w < a.workers(); w++) {
      for (int i = 0; i < a.count(w); i++) {
        out.add(a.block(w, i));
      }
    }
    return out;
  }

  private static int ascendingSteps(List<Integer> s) {
    int up = 0;
    for (int i = 1; i < s.size(); i++) {
      up += s.get(i) > s.get(i - 1) ? 1 : 0;
    }
    return up;
  }
}
