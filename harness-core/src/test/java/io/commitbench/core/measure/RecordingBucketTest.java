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
    assertThat(stripe.responseNanos[0].getHighestTrackableValue())
        .isEqualTo(interval.responseNanos[0].getHighestTrackableValue());
    // Still grows with what it records, and adds up as before.
    insert.recordValue(120 * SECOND);
    insert.recordValue(250_000);
    stripe.addTo(interval);
    assertThat(interval.statementNanos[OperationKind.INSERT.ordinal()].getTotalCount()).isEqualTo(2);
    assertThat(interval.statementNanos[OperationKind.INSERT.ordinal()].getMaxValue())
        .isEqualTo(insert.getMaxValue());
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
}
