package io.commitbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class RecordingBucketTest {

  private static final long SECOND = 1_000_000_000L;

  @Test
  void aResetBucketTakesTheIntervalsSizeSoAddingItWalksTheArraysSideBySide() {
    RecordingBucket interval = new RecordingBucket(1);
    RecordingBucket stripe = new RecordingBucket(1);
    interval.statementNanos[OperationKind.INSERT.ordinal()].recordValue(30 * SECOND);
    interval.responseNanos[0].recordValue(SECOND);
    stripe.statementNanos[OperationKind.INSERT.ordinal()].recordValue(200_000);
    interval.reset();

    stripe.resetShapedLike(interval);

    Histogram insert = stripe.statementNanos[OperationKind.INSERT.ordinal()];
    assertThat(insert.getTotalCount()).isZero();
    assertThat(insert.getHighestTrackableValue())
        .isEqualTo(interval.statementNanos[OperationKind.INSERT.ordinal()].getHighestTrackableValue());
    assertThat(insert.getEstimatedFootprintInBytes())
        .isEqualTo(interval.statementNanos[OperationKind.INSERT.ordinal()].getEstimatedFootprintInBytes());
    // Still grows with what it records, and adds up as before.
    insert.recordValue(120 * SECOND);
    insert.recordValue(250_000);
    stripe.addTo(interval);
    assertThat(interval.statementNanos[OperationKind.INSERT.ordinal()].getTotalCount()).isEqualTo(2);
    assertThat(interval.statementNanos[OperationKind.INSERT.ordinal()].getMaxValue())
        .isEqualTo(insert.getMaxValue());
  }

  @Test
  void anEmptyHistogramIsLeftSmallAndStillAddsUpWhenItIsWrittenLater() {
    RecordingBucket interval = new RecordingBucket(1);
    RecordingBucket stripe = new RecordingBucket(1);
    interval.responseNanos[0].recordValue(30 * SECOND);
    interval.reset();
    Histogram response = stripe.responseNanos[0];
    long smallFootprint = response.getEstimatedFootprintInBytes();

    stripe.resetShapedLike(interval);

    assertThat(stripe.responseNanos[0]).isSameAs(response);
    assertThat(response.getEstimatedFootprintInBytes()).isEqualTo(smallFootprint)
        .isLessThan(interval.responseNanos[0].getEstimatedFootprintInBytes());
    // Written after all (its pending values overflowed): it grows, adds up, and takes the
    // interval's size at the next reset.
    response.recordValue(2 * SECOND);
    stripe.addTo(interval);
    assertThat(interval.responseNanos[0].getTotalCount()).isEqualTo(1);
    assertThat(interval.responseNanos[0].getMaxValue()).isEqualTo(response.getMaxValue());
    interval.reset();
    stripe.resetShapedLike(interval);
    assertThat(stripe.responseNanos[0].getHighestTrackableValue())
        .isEqualTo(interval.responseNanos[0].getHighestTrackableValue());
  }

  @Test
  void aBucketOfTheIntervalsSizeKeepsItsHistogramsAndOnlyClearsThem() {
    RecordingBucket interval = new RecordingBucket(1);
    RecordingBucket stripe = new RecordingBucket(1);
    interval.statementNanos[OperationKind.COMMIT.ordinal()].recordValue(3_000_000);
    interval.reset();
    Histogram commit = stripe.statementNanos[OperationKind.COMMIT.ordinal()];
    commit.recordValue(3_000_000);
    stripe.transactions = 1;

    stripe.resetShapedLike(interval);

    assertThat(stripe.statementNanos[OperationKind.COMMIT.ordinal()]).isSameAs(commit);
    assertThat(commit.getTotalCount()).isZero();
    assertThat(stripe.transactions).isZero();
  }

  @Test
  void recordedLatenciesReachTheIntervalWhenTheBucketIsAddedAndNotTwice() {
    RecordingBucket stripe = new RecordingBucket(2);
    RecordingBucket interval = new RecordingBucket(2);
    stripe.record(RecordingBucket.statementSlot(OperationKind.SELECT.ordinal()), 250_000);
    stripe.record(RecordingBucket.responseSlot(1), 3_000_000);
    stripe.record(RecordingBucket.serviceSlot(1), 2_000_000);
    stripe.record(RecordingBucket.lagSlot(1), 1_000_000);

    stripe.addTo(interval);

    assertThat(interval.statementNanos[OperationKind.SELECT.ordinal()].getTotalCount()).isEqualTo(1);
    assertThat(interval.responseNanos[1].getMaxValue()).isEqualTo(interval.responseNanos[1].highestEquivalentValue(3_000_000));
    assertThat(interval.serviceNanos[1].getMaxValue()).isEqualTo(interval.serviceNanos[1].highestEquivalentValue(2_000_000));
    assertThat(interval.lagNanos[1].getMaxValue()).isEqualTo(interval.lagNanos[1].highestEquivalentValue(1_000_000));
    assertThat(interval.responseNanos[0].getTotalCount()).isZero();
    stripe.resetShapedLike(interval);
    RecordingBucket next = new RecordingBucket(2);
    stripe.addTo(next);
    assertThat(next.responseNanos[1].getTotalCount()).isZero();
  }

  @Test
  void aBucketWhosePendingLatenciesOverflowKeepsEveryOne() {
    RecordingBucket stripe = new RecordingBucket(1);
    int slot = RecordingBucket.serviceSlot(0);
    for (int i = 0; i < RecordingBucket.PENDING_CAPACITY * 2 + 3; i++) {
      stripe.record(slot, 1_000 + i);
    }
    RecordingBucket interval = new RecordingBucket(1);

    stripe.addTo(interval);

    assertThat(interval.serviceNanos[0].getTotalCount()).isEqualTo(RecordingBucket.PENDING_CAPACITY * 2L + 3);
    assertThat(interval.serviceNanos[0].getMinValue()).isEqualTo(1_000);
  }
}
