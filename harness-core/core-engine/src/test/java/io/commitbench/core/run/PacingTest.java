package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.commitbench.core.config.RunControl;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PacingTest {

  private static final long SECOND = 1_000_000_000L;

  private static RunControl rate(long rate, boolean poisson) {
    return new RunControl(60, 0, 0, rate, poisson, 10, false, 0, false, 0, 5, false);
  }

  @Test
  void poissonArrivalsKeepTheirMeanRateWithinTwoPercentOver100000Arrivals() {
    Pacing.ArrivalSchedule schedule = new Pacing.ArrivalSchedule(SECOND / 1000.0, true, new SplittableRandom(1));
    schedule.anchor(0);
    long first = schedule.next();
    long last = first;
    long gapsOverTwiceTheMean = 0;
    for (int i = 1; i < 100_000; i++) {
      long next = schedule.next();
      gapsOverTwiceTheMean += next - last > 2_000_000 ? 1 : 0;
      last = next;
    }
    double rate = 99_999 / ((last - first) / 1e9);
    assertThat(rate).isCloseTo(1000.0, within(20.0));
    // Exponential gaps: P(gap > 2 × mean) = e^-2 = 13.5 %; evenly spaced arrivals would have none.
    assertThat(gapsOverTwiceTheMean / 99_999.0).isCloseTo(Math.exp(-2), within(0.01));
  }

  @Test
  void uniformArrivalsOfAllActorsInterleaveEvenly() {
    int actors = 4;
    long[] firsts = new long[actors];
    long[] seconds = new long[actors];
    for (int a = 0; a < actors; a++) {
      Pacing pacing = Pacing.of(rate(400, false), a, actors);
      pacing.anchor(0);
      firsts[a] = pacing.nextIntendedStart();
      seconds[a] = pacing.nextIntendedStart();
    }
    // 400 tx/s over 4 actors: each actor every 10 ms, the actors 2.5 ms apart.
    assertThat(firsts).containsExactly(0, 2_500_000, 5_000_000, 7_500_000);
    assertThat(seconds).containsExactly(10_000_000, 12_500_000, 15_000_000, 17_500_000);
  }

  @Test
  void aRateThatDoesNotDivideASecondIsStillMetExactly() {
    Pacing pacing = Pacing.of(rate(3, false), 0, 1);
    pacing.anchor(0);
    long arrival = 0;
    for (int i = 0; i <= 3_000; i++) {
      arrival = pacing.nextIntendedStart();
    }
    assertThat(arrival).isCloseTo(1_000 * SECOND, within(1L));
  }

  @Test
  void aClosedLoopStartsWhenTheLastTransactionEndedPlusTheThinkTime() {
    Pacing noThink = Pacing.of(RunControl.counted(), 0, 1);
    noThink.anchor(100);
    assertThat(noThink.nextIntendedStart()).isEqualTo(100);
    noThink.finished(5_000);
    assertThat(noThink.nextIntendedStart()).isEqualTo(5_000);

    Pacing fixed = Pacing.of(new RunControl(60, 0, 0, 0, false, 10, false, 20, false, 0, 5, false), 0, 1);
    fixed.anchor(0);
    fixed.finished(1_000);
    assertThat(fixed.nextIntendedStart()).isEqualTo(1_000 + 20_000_000);
  }

  @Test
  void exponentialThinkTimesHaveTheGivenMean() {
    Pacing pacing = Pacing.of(new RunControl(60, 0, 0, 0, false, 10, false, 10, true, 0, 5, false), 0, 1);
    pacing.anchor(0);
    long sum = 0;
    for (int i = 0; i < 100_000; i++) {
      pacing.finished(0);
      sum += pacing.nextIntendedStart();
    }
    assertThat(sum / 100_000 / 1e6).isCloseTo(10.0, within(0.2));
  }
}
