package io.commitbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.results.SummaryReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A missed target rate and a latency that is the backlog's, from a summary alone. */
class RateCheckTest {

  @TempDir Path dir;

  private RateCheck check(SummaryFile file, String name) throws Exception {
    return RateCheck.of(SummaryReader.read(file.write(dir.resolve(name)).resolve("summary.json")));
  }

  @Test
  void aRunWithinTheDefaultToleranceHeldItsRate() throws Exception {
    RateCheck held = check(new SummaryFile().set("rate", "200").measured(1_910, 10), "held");
    assertThat(held.rated()).isTrue();
    assertThat(held.fraction()).isEqualTo(0.955);
    assertThat(held.missed()).isFalse();
  }

  @Test
  void theRunsOwnVerdictDecidesWhereItsSummaryHasOne() throws Exception {
    RateCheck slack = check(new SummaryFile().set("rate", "200").measured(1_880, 10).rateVerdict(false), "slack");
    assertThat(slack.fraction()).as("below the default tolerance by the figures alone").isEqualTo(0.94);
    assertThat(slack.missed()).isFalse();
    assertThat(check(new SummaryFile().set("rate", "200").measured(1_990, 10).rateVerdict(true), "own").missed())
        .isTrue();
  }

  @Test
  void aRunBelowTheDefaultToleranceMissedItAndSaysBy() throws Exception {
    RateCheck missed = check(new SummaryFile().set("rate", "200").measured(1_300, 10), "missed");
    assertThat(missed.missed()).isTrue();
    assertThat(missed.missedText()).isEqualTo(
        "missed its target rate: achieved 130.0 tx/s of 200 (65.0 %; tolerance 5 %, the default)");
  }

  @Test
  void theRunsOwnToleranceWins() throws Exception {
    RateCheck lenient = check(new SummaryFile().set("rate", "200").set("rate.tolerance", "40%").measured(1_300, 10),
        "lenient");
    assertThat(lenient.missed()).isFalse();
    assertThat(lenient.tolerance()).isEqualTo(0.4);
    RateCheck strict = check(new SummaryFile().set("rate", "200").set("rate.tolerance", "1").measured(1_960, 10),
        "strict");
    assertThat(strict.missed()).as("98 % of the target with a tolerance of 1 %").isTrue();
    assertThat(strict.missedText()).contains("its rate.tolerance");
  }

  @Test
  void toleranceReadsAsAPercentageOrAFraction() {
    assertThat(RateCheck.share("5")).isEqualTo(0.05);
    assertThat(RateCheck.share("5%")).isEqualTo(0.05);
    assertThat(RateCheck.share("0.05")).isEqualTo(0.05);
    assertThat(RateCheck.share("")).isNaN();
    assertThat(RateCheck.share("much")).isNaN();
  }

  @Test
  void aClosedLoopRunHasNoTargetToMiss() throws Exception {
    RateCheck closed = check(new SummaryFile().measured(10, 10), "closed");
    assertThat(closed.rated()).isFalse();
    assertThat(closed.missed()).isFalse();
    assertThat(closed.backlogged()).isFalse();
  }

  @Test
  void aResponseAtTheBacklogsCapOrShedArrivalsMeanTheQueue() throws Exception {
    RateCheck capped = check(new SummaryFile().set("rate", "200").measured(1_300, 10).response(10_016, 14), "capped");
    assertThat(capped.backlogged()).isTrue();
    assertThat(capped.backlogText()).contains("response p50 10016 ms against a backlog cap of 10000 ms",
        "not the database");
    RateCheck shed = check(new SummaryFile().set("rate", "200").shed(57).response(30, 14), "shed");
    assertThat(shed.backlogged()).isTrue();
    assertThat(shed.backlogText()).contains("57 arrivals shed").doesNotContain("backlog cap");
    assertThat(check(new SummaryFile().set("rate", "200").response(30, 14), "fine").backlogged()).isFalse();
  }
}
