package io.commitbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PendingValuesTest {

  @Test
  void valuesReachTheHistogramOfTheirSlotOnlyWhenReplayed() {
    PendingValues pending = new PendingValues(8, 8);
    List<Histogram> histograms = List.of(new Histogram(3), new Histogram(3), new Histogram(3));
    pending.add(2, 1_500_000);
    pending.add(0, 42);
    pending.add(2, 7);

    assertThat(histograms).allSatisfy(h -> assertThat(h.getTotalCount()).isZero());
    pending.replayInto(histograms::get);

    assertThat(histograms.get(0).getTotalCount()).isEqualTo(1);
    assertThat(histograms.get(0).getMaxValue()).isEqualTo(42);
    assertThat(histograms.get(1).getTotalCount()).isZero();
    assertThat(histograms.get(2).getTotalCount()).isEqualTo(2);
    assertThat(histograms.get(2).valuesAreEquivalent(histograms.get(2).getMaxValue(), 1_500_000)).isTrue();
    assertThat(pending.size()).isEqualTo(3);
  }

  @Test
  void theLastSlotAndTheLargestValueSurviveTheirSharedLong() {
    PendingValues pending = new PendingValues(2, 2);
    Histogram last = new Histogram(3);
    pending.add(PendingValues.MAX_SLOTS - 1, PendingValues.MAX_VALUE);
    pending.replayInto(slot -> {
      assertThat(slot).isEqualTo(PendingValues.MAX_SLOTS - 1);
      return last;
    });
    assertThat(last.valuesAreEquivalent(last.getMaxValue(), PendingValues.MAX_VALUE)).isTrue();
  }

  @Test
  void aNegativeValueCountsAsZeroAndOneBeyondTheCapIsCapped() {
    PendingValues pending = new PendingValues(2, 2);
    Histogram h = new Histogram(3);
    pending.add(1, -5);
    pending.add(1, Long.MAX_VALUE);
    pending.replayInto(slot -> h);
    assertThat(h.getMinValue()).isZero();
    assertThat(h.valuesAreEquivalent(h.getMaxValue(), PendingValues.MAX_VALUE)).isTrue();
  }

  @Test
  void itIsFullAtItsCapacityAndEmptyAfterClear() {
    PendingValues pending = new PendingValues(2, 2);
    pending.add(0, 1);
    assertThat(pending.full()).isFalse();
    pending.add(0, 2);
    assertThat(pending.full()).isTrue();
    pending.clear();
    assertThat(pending.size()).isZero();
    assertThat(pending.full()).isFalse();
  }

  @Test
  void itGrowsUpToItsMaximumKeepingEveryValueInOrder() {
    PendingValues pending = new PendingValues(1, 5);
    for (int i = 0; i < 4; i++) {
      pending.add(0, i);
      assertThat(pending.full()).isFalse();
    }
    pending.add(0, 4);
    assertThat(pending.full()).isTrue();
    List<Long> replayed = new java.util.ArrayList<>();
    Histogram h = new Histogram(3) {
      @Override
      public void recordValue(long value) {
        replayed.add(value);
      }
    };
    pending.replayInto(slot -> h);
    assertThat(replayed).containsExactly(0L, 1L, 2L, 3L, 4L);
  }

  @Test
  void capacitiesOutOfOrderAreRefused() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new PendingValues(0, 4))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("capacity 0 up to 4");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new PendingValues(8, 4))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("capacity 8 up to 4");
  }
}
