package io.commitbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The plain loops' optional timing (ServerOverhead plainTiming=histogram): a timed loop times every
 * statement it issues, an untimed one none, on a real database (H2 in memory).
 */
class StatementClockTest {

  private static final Dialect H2 = DialectRegistry.load().byName("h2").orElseThrow();

  @Test
  void theTimedClockRecordsOneLatencyPerCallAndTheUntimedNone() throws Exception {
    StatementClock timed = StatementClock.named("plainTiming", "histogram").forThread();
    StatementClock untimed = StatementClock.named("plainTiming", "none").forThread();
    for (StatementClock clock : List.of(timed, untimed)) {
      long began = clock.begin();
      Thread.sleep(2);
      clock.end(began);
    }
    assertThat(timed.timed()).isEqualTo(1);
    assertThat(untimed.timed()).isZero();
  }

  @Test
  void anUnknownTimingIsRefusedWithWhatIsAllowed() {
    assertThatThrownBy(() -> StatementClock.named("plainTiming", "perf"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("plainTiming=perf: allowed: none, histogram");
  }

  @Test
  void aLoopThatTimedOnlySomeStatementsFails() {
    StatementClock.checkAllTimed(0, 10);
    StatementClock.checkAllTimed(10, 10);
    assertThatThrownBy(() -> StatementClock.checkAllTimed(9, 10)).hasMessage("timed 9 of 10 statements");
  }

  @Test
  void theTimedCommitLoopTimesEveryInsertAndCommit() throws Exception {
    // run() checks that every statement was timed and fails otherwise
    PlainCommitLoop loop = new PlainCommitLoop(H2, "jdbc:h2:mem:clocktest_commit", "sa", "", "clocktest_commit", 2,
        50, new Properties(), List.of(), PlainConnections.DRIVER, StatementClock::histogram);
    assertThat(loop.run()).isPositive();
  }

  @Test
  void theTimedPaperLoopTimesEveryStatement() throws Exception {
    PlainJdbcLoop loop = new PlainJdbcLoop(H2, "jdbc:h2:mem:clocktest_paper", "sa", "", "clocktest_paper_", 2, 2, 10,
        2, CycleRelease.TOGETHER, List.of(), PlainConnections.DRIVER, StatementClock::histogram);
    assertThat(loop.run()).isPositive();
  }
}
