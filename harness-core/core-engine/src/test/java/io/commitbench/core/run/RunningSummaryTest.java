package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.measure.IntervalHistograms;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.Phase;
import io.commitbench.core.report.ReportFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunningSummaryTest {

  private static final long SECOND = 1_000_000_000L;

  @TempDir Path dir;

  private static IntervalStats endingAt(long seconds) {
    return new IntervalStats(Phase.MEASURED, (seconds - 1) * SECOND, seconds * SECOND, false, Map.of(), List.of(), 0, 0,
        0, 0, 0);
  }

  @Test
  void writtenAfterTheFirstIntervalThenAboutOnceAMinute() throws Exception {
    Path file = dir.resolve("summary.json");
    AtomicInteger built = new AtomicInteger();
    RunningSummary summary = new RunningSummary(file, () -> {
      built.incrementAndGet();
      return ReportFixtures.completed();
    });
    IntervalHistograms none = new IntervalHistograms(Map.of(), List.of(), List.of());

    summary.onInterval(endingAt(1), none);
    assertThat(built).as("the first interval's summary").hasValue(1);
    assertThat(file).exists();
    for (long s = 2; s <= 60; s++) {
      summary.onInterval(endingAt(s), none);
    }
    assertThat(built).as("not again within the minute after the first").hasValue(1);
    summary.onInterval(endingAt(61), none);
    assertThat(built).as("the first interval ending a minute after the last write").hasValue(2);
    assertThat(RunningSummary.PERIOD_NANOS).isEqualTo(60 * SECOND);
    assertThat(Files.readString(file)).contains("\"schema\"");
  }
}
