package io.commitbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.RunControl;
import io.commitbench.core.measure.RunTotals;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run at a rate against what it achieved in its measured window. */
class RateVerdictTest {

  private static final long SECOND = 1_000_000_000L;

  @Test
  void aDeviceThatSaturatesBelowTheRateMissesIt() {
    RateVerdict v = RateVerdict.of(rated(200, 5, false), 4, totals(130 * 60, 60)).orElseThrow();

    assertThat(v.missed()).isTrue();
    assertThat(v.achieved()).isEqualTo(130.0);
    assertThat(v.shortfallPercent()).isEqualTo(35.0);
    assertThat(v.message()).isEqualTo("the run missed its target rate: 130.000 tx/s achieved of 200 tx/s, 35.0% short,"
        + " more than rate.tolerance=5% allows");
  }

  @Test
  void aShortfallWithinTheToleranceMeetsTheRate() {
    RateVerdict v = RateVerdict.of(rated(200, 5, false), 4, totals(195 * 60, 60)).orElseThrow();

    assertThat(v.missed()).isFalse();
    assertThat(v.shortfallPercent()).isEqualTo(2.5);
  }

  @Test
  void theToleranceIsTheKeys() {
    assertThat(RateVerdict.of(rated(200, 2, false), 4, totals(195 * 60, 60)).orElseThrow().missed()).isTrue();
    assertThat(RateVerdict.of(rated(200, 0, false), 4, totals(199 * 60, 60)).orElseThrow().missed()).isTrue();
  }

  @Test
  void aRunAboveItsRateFallsNothingShort() {
    RateVerdict v = RateVerdict.of(rated(200, 5, false), 4, totals(201 * 60, 60)).orElseThrow();

    assertThat(v.shortfallPercent()).isZero();
    assertThat(v.missed()).isFalse();
  }

  @Test
  void theTransactionsTheActorsHadInFlightAtTheEndAreNoMiss() {
    // 10 tx/s for 1 s: 7 done, 3 short, 30 %; but 4 actors may each have had one in flight.
    assertThat(RateVerdict.of(rated(10, 5, false), 4, totals(7, 1)).orElseThrow().missed()).isFalse();
    assertThat(RateVerdict.of(rated(10, 5, false), 2, totals(7, 1)).orElseThrow().missed()).isTrue();
  }

  @Test
  void rateMissFailIsCarried() {
    assertThat(RateVerdict.of(rated(200, 5, true), 4, totals(100, 60)).orElseThrow().fails()).isTrue();
  }

  @Test
  void aClosedLoopOrAnEmptyWindowHasNoVerdict() {
    assertThat(RateVerdict.of(RunControl.counted(), 4, totals(100, 60))).isEmpty();
    assertThat(RateVerdict.of(rated(200, 5, false), 4, totals(0, 0))).isEmpty();
  }

  private static RunControl rated(long rate, int tolerance, boolean fails) {
    return new RunControl(60, 0, 0, rate, false, 10, false, 0, false, 0, tolerance, fails);
  }

  private static RunTotals totals(long transactions, long seconds) {
    return new RunTotals(Map.of(), List.of(), transactions, 0, seconds * SECOND, 0);
  }
}
