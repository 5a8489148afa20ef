package io.commitbench.storage.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.companion.CompanionReport;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FormatterCompanionTest {

  /** An arm that acts on every third poll and fails on the fifth, to see both counted. */
  private static final class EveryThirdPoll implements LogFormatter {
    final FormatterTally tally = new FormatterTally("every-third");
    final CountDownLatch sixPolls = new CountDownLatch(6);
    int polls;
    boolean prepared;
    boolean finished;

    @Override public String arm() { return "every-third"; }
    @Override public void prepare() { prepared = true; }
    @Override public void poll() {
      polls++;
      sixPolls.countDown();
      if (polls == 5) {
        throw new IllegalStateException("server went away");
      }
      if (polls % 3 == 0) {
        tally.record("clear logfile", Duration.ofMillis(polls));
      }
    }
    @Override public void finish() { finished = true; }
    @Override public FormatterTally tally() { return tally; }
  }

  @Test
  void pollsBesideTheRunAndReportsActionsAndFailures() throws Exception {
    EveryThirdPoll arm = new EveryThirdPoll();
    FormatterCompanion companion = new FormatterCompanion(arm, Duration.ofMillis(1));
    companion.start();
    assertThat(arm.sixPolls.await(10, TimeUnit.SECONDS)).isTrue();
    companion.stop();
    assertThat(arm.prepared).isTrue();
    assertThat(arm.finished).isTrue();

    CompanionReport report = companion.report();
    assertThat(report.lines().get(0)).isEqualTo("##### Log formatter: arm every-third #####");
    assertThat(report.lines()).anyMatch(l -> l.startsWith("clear logfile") && l.contains(": 2, total 9.000 ms, longest 6.000 ms"));
    assertThat(report.lines()).contains("poll failed: server went away");
    assertThat(report.figures()).containsEntry("arm", "every-third").containsEntry("failedPolls", 1L);
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> actions = (Map<String, Map<String, Object>>) report.figures().get("actions");
    assertThat(actions.get("clear logfile")).containsEntry("count", 2L);
  }

  @Test
  void reportsTheLogExposureAndWarnsWhenTheArmHadNothingToActOn(@TempDir Path logDir) throws Exception {
    Files.writeString(logDir.resolve("seg1"), "x");
    long segment = 16L << 20;
    FakeExposure exposure = new FakeExposure(logDir, List.of(LogSample.counted(100, segment, 7),
        LogSample.counted(100 + 4_000_000, segment, 8)));
    FormatterCompanion companion = new FormatterCompanion(new EveryThirdPoll(), Duration.ofMillis(1), exposure,
        () -> null, "unused");
    companion.start();
    companion.stop();

    CompanionReport report = companion.report();
    assertThat(report.lines()).contains(
        "log written during the run         : 4,000,000 bytes = 0.24 WAL segments of 16,777,216 bytes",
        "WAL segments created               : 0",
        "WAL segments recycled              : 0",
        "checkpoints                        : 1");
    assertThat(report.lines().get(report.lines().size() - 1)).isEqualTo("#####");
    assertThat(report.warnings()).singleElement().asString()
        .startsWith("warning: formatter arm every-third had nothing to act on: the run wrote 4,000,000 bytes of log,"
            + " 0.24 of one WAL segment of 16,777,216 bytes");
    assertThat(report.figures().get("warnings")).isEqualTo(report.warnings());
    @SuppressWarnings("unchecked")
    Map<String, Object> figures = (Map<String, Object>) report.figures().get("exposure");
    assertThat(figures).containsEntry("logBytes", 4_000_000L).containsEntry("unitBytes", segment)
        .containsEntry("filesCreated", 0L).containsEntry("checkpoints", 1L);
  }

  @Test
  void withoutAnExposureTheBlockSaysWhy() throws Exception {
    FormatterCompanion companion = new FormatterCompanion(new EveryThirdPoll(), Duration.ofMillis(1), null, null,
        "the storage agent knows no log figures of h2");
    companion.start();
    companion.stop();
    CompanionReport report = companion.report();
    assertThat(report.lines()).contains(
        "log exposure                       : not available: the storage agent knows no log figures of h2");
    assertThat(report.warnings()).isEmpty();
    assertThat(report.figures().get("exposure")).isEqualTo(Map.of("absent", "the storage agent knows no log figures of h2"));
  }
}
