package io.commitbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.results.RunSummary;
import io.commitbench.core.results.SummaryReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rule that tells a server other clients worked on from one a run had to itself. */
class SharedServerTest {

  @TempDir Path dir;

  private RunSummary read(SummaryFile file, String name) throws Exception {
    return SummaryReader.read(file.write(dir.resolve(name)).resolve("summary.json"));
  }

  @Test
  void aRunAloneWithItsWarmUpAndItsSessionsOwnCommitsIsNotShared() throws Exception {
    // 1,000 measured and 300 warm-up transactions, and 4 users' and the admin session's own commits
    RunSummary alone = read(new SummaryFile().warmup(300).serverCommits(1_300.0 + 30 + 5 * 4), "alone");
    assertThat(SharedServer.of(alone)).isEmpty();
  }

  @Test
  void aServerThatCountedClearlyMoreCommitsThanTheRunMadeWasShared() throws Exception {
    RunSummary shared = read(new SummaryFile().warmup(300).serverCommits(3_000.0), "shared");
    assertThat(SharedServer.of(shared)).hasValueSatisfying(s -> {
      assertThat(s.ownTransactions()).isEqualTo(1_300);
      assertThat(s.limit()).isEqualTo(1.1 * 1_300 + 50 + 20 * 4);
      assertThat(s.text()).contains("shared server: not the run's own", "3,000 commits", "1,300 transactions");
    });
  }

  @Test
  void justOverTheLineIsSharedAndJustUnderIsNot() throws Exception {
    double limit = 1.1 * 1_000 + 50 + 20 * 4;
    assertThat(SharedServer.of(read(new SummaryFile().serverCommits(limit), "at"))).isEmpty();
    assertThat(SharedServer.of(read(new SummaryFile().serverCommits(limit + 1), "over"))).isPresent();
  }

  @Test
  void moreUsersMayCommitMoreOfTheirOwn() throws Exception {
    SummaryFile many = new SummaryFile().set("users", "64").serverCommits(2_000.0);
    assertThat(SharedServer.of(read(many, "many"))).as("64 sessions' opening and closing").isEmpty();
    assertThat(SharedServer.of(read(new SummaryFile().serverCommits(2_000.0), "few"))).isPresent();
  }

  @Test
  void aServerThatCountsNoCommitsIsNeverJudged() throws Exception {
    assertThat(SharedServer.of(read(new SummaryFile().serverCommits(null), "h2"))).isEmpty();
  }
}
