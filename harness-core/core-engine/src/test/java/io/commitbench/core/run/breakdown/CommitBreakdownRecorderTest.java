package io.commitbench.core.run.breakdown;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.breakdown.UnmeasuredPart;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * The recorder's end when a source's server stops answering: the sources that answer are read,
 * the one that hangs is listed as unmeasured once the budget is spent, and neither the end nor the
 * close waits for it.
 */
class CommitBreakdownRecorderTest {

  private final CountDownLatch never = new CountDownLatch(1);

  /** A source whose end blocks, as a query on a stalled connection does. */
  private final CommitTimeSource stalled = new CommitTimeSource() {
    @Override
    public String name() {
      return "stalled";
    }

    @Override
    public void begin() {}

    @Override
    public SourceReading end() {
      await();
      return SourceReading.unmeasured(List.of(), "unreachable");
    }

    @Override
    public void close() {
      await();
    }
  };

  private final CommitTimeSource answering = new CommitTimeSource() {
    @Override
    public String name() {
      return "answering";
    }

    @Override
    public void begin() {}

    @Override
    public SourceReading end() {
      return new SourceReading(List.of(PartReading.perEvent(CommitParts.ROUND_TRIP, 0.3, 0.2, 0.9, 10, "probe")),
          List.of(), List.of(), List.of());
    }
  };

  private void await() {
    try {
      never.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void aSourceThatDoesNotAnswerIsUnmeasuredAfterTheBudgetAndHoldsNeitherEndNorClose() {
    CommitBreakdownRecorder recorder = new CommitBreakdownRecorder(List.of(stalled, answering));
    recorder.begin();

    long began = System.nanoTime();
    List<SourceReading> readings = recorder.end(300);
    recorder.close();
    long millis = (System.nanoTime() - began) / 1_000_000;

    assertThat(millis).as("end and close within the budget and a margin").isLessThan(2_000);
    assertThat(readings).flatExtracting(SourceReading::parts).extracting(PartReading::name)
        .containsExactly(CommitParts.ROUND_TRIP);
    assertThat(readings).flatExtracting(SourceReading::unmeasured).extracting(UnmeasuredPart::reason)
        .containsExactly("stalled did not answer within 0.3 s of the run's end (is the server answering?)");
    never.countDown();
  }
}
