package io.commitbench.storage.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.companion.CompanionReport;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.plan.RefusedException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

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
}
