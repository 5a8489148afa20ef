package io.commitbench.core.config;

import static io.commitbench.core.config.ConfigTestSupport.bind;
import static io.commitbench.core.config.ConfigTestSupport.paperWith;
import static io.commitbench.core.config.ConfigTestSupport.paperWithout;
import static io.commitbench.core.config.ConfigTestSupport.problems;
import static io.commitbench.core.config.ConfigTestSupport.properties;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The workload and run-control keys: every message names key, value and what is allowed. */
class RunControlKeysTest {

  private static Properties commitWith(String... lines) {
    List<String> all = new ArrayList<>(List.of("workload=commit"));
    all.addAll(Arrays.asList(lines));
    return properties(all);
  }

  @Test
  void theCommitWorkloadBindsWithItsDefaults() throws ConfigException {
    BenchmarkConfig c = bind(commitWith("duration=120", "warmup=20", "rate=500"));

    assertThat(c.workload()).isEqualTo("commit");
    assertThat(c.users()).isEqualTo(1);
    assertThat(c.sleepMillis()).isZero();
    assertThat(c.runControl()).isEqualTo(new RunControl(120, 0, 20, 500, false, 10, false, 0, false, 0, 5, false));
    assertThat(c.settings().text("commit.mode")).isEqualTo("insert");
    assertThat(c.settings().integer("commit.rows")).isEqualTo(1);
    assertThat(c.settings().integer("row.bytes")).isEqualTo(100);
    assertThat(c.effective()).containsEntry("workload", "commit").containsEntry("rate", "500")
        .containsEntry("think.time", "");
  }

  @Test
  void thePaperFileStaysCountBasedWithNoRateOrRetries() throws ConfigException {
    assertThat(bind(paperWith()).runControl()).isEqualTo(RunControl.counted());
  }

  @Test
  void aWorkloadWithoutCyclesNeedsADurationOrACount() {
    assertThat(problems(() -> bind(commitWith()))).containsExactly(
        "duration: missing: workload=commit runs for a time or a count; allowed: duration=<seconds> or"
            + " transactions=<count>");
    assertThat(problems(() -> bind(commitWith("duration=10", "transactions=5")))).containsExactly(
        "transactions=5: given with duration; allowed: one of them");
  }

  @Test
  void withoutRunLengthTheLengthMayBeLeftOutButEveryOtherKeyIsChecked() throws ConfigException {
    // prepare and cleanup: a data set is loaded or dropped, not run
    assertThat(ConfigTestSupport.binder().bindWithoutRunLength(commitWith(), java.util.Map.of()).runControl())
        .isEqualTo(RunControl.counted());
    assertThat(problems(() -> ConfigTestSupport.binder().bindWithoutRunLength(commitWith("warmup=x"),
        java.util.Map.of()))).containsExactly("warmup=x: not a whole number; allowed: a whole number from 0 to 86400");
  }

  @Test
  void aCountBasedRunWithoutCyclesHasNoWarmUp() {
    assertThat(problems(() -> bind(commitWith("transactions=500", "warmup=5")))).containsExactly(
        "warmup=5: given with transactions; allowed: warmup with duration (a count-based run of workload=commit"
            + " cannot end its warm-up between two transactions of every actor), or transactions without warmup");
  }

  @Test
  void anEmptyDurationIsReportedOnce() {
    assertThat(problems(() -> bind(commitWith("duration=")))).containsExactly(
        "duration=: not a whole number; allowed: a whole number from 1 to 31536000");
  }

  @Test
  void thePaperCountsInCyclesNotInTransactions() {
    assertThat(problems(() -> bind(paperWith("transactions=100")))).containsExactly(
        "transactions=100: not used by workload=paper, which counts in cycles; allowed: its own count key, or duration");
  }

  @Test
  void thePaperRunsForADurationInsteadOfRepeat() throws ConfigException {
    assertThat(problems(() -> bind(paperWith("duration=60")))).containsExactly(
        "repeat=30: given with duration; allowed: one of them (repeat counts cycles, duration runs cycles until the"
            + " time is up)");
    Properties timed = paperWithout("repeat");
    timed.setProperty("duration", "60");
    assertThat(bind(timed).runControl().durationSeconds()).isEqualTo(60);
  }

  @Test
  void rateAndThinkTimeDoNotGoTogether() {
    assertThat(problems(() -> bind(commitWith("duration=10", "rate=100", "think.time=5")))).containsExactly(
        "think.time=5: given with rate, which already sets when each transaction starts; allowed: rate or"
            + " think.time, not both");
  }

  @Test
  void keysThatOnlyQualifyAnotherAreRefusedWithoutIt() {
    assertThat(problems(() -> bind(commitWith("duration=10", "rate.arrival=poisson", "think.time.distribution=exponential"))))
        .containsExactly(
            "rate.arrival=poisson: has no effect without rate; allowed: set rate too, or leave rate.arrival out",
            "think.time.distribution=exponential: has no effect without think.time; allowed: set think.time too, or"
                + " leave think.time.distribution out");
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(delimiter = '|', value = {
      "rate|0|out of range; allowed: a whole number from 1 to 10000000",
      "duration|0|out of range; allowed: a whole number from 1 to 31536000",
      "warmup|-1|out of range; allowed: a whole number from 0 to 86400",
      "transactions|0|out of range; allowed: a whole number from 1 to 2000000000",
      "rate.backlog|0|out of range; allowed: a whole number from 1 to 86400",
      "retry.max|101|out of range; allowed: a whole number from 0 to 100",
      "think.time|-5|out of range; allowed: a whole number from 0 to 3600000",
      "rate.arrival|bursty|not an allowed value; allowed: one of uniform, poisson",
      "think.time.distribution|normal|not an allowed value; allowed: one of fixed, exponential",
      "commit.mode|upsert|not an allowed value; allowed: one of insert, update",
      "commit.rows|0|out of range; allowed: a whole number from 1 to 10000",
      "row.bytes|4001|out of range; allowed: a whole number from 1 to 4000"})
  void everyRunControlAndCommitKeyNamesWhatIsAllowed(String key, String value, String problem) {
    List<String> lines = new ArrayList<>(List.of("transactions=10", "rate=10", "think.time.distribution=fixed"));
    lines.removeIf(l -> l.startsWith(key + "="));
    lines.add(key + "=" + value);
    assertThat(problems(() -> bind(commitWith(lines.toArray(String[]::new))))).contains(key + "=" + value + ": " + problem);
  }

  @Test
  void anUnknownWorkloadListsTheKnownOnes() {
    assertThat(problems(() -> bind(paperWith("workload=tpch")))).containsExactly(
        "workload=tpch: not an allowed value; allowed: one of commit, index, oltp_delete, oltp_insert,"
            + " oltp_point_select, oltp_read_only, oltp_read_write, oltp_update_index, oltp_update_non_index,"
            + " oltp_write_only, paper, percona-ro, script, tpcc");
  }

  @Test
  void anotherWorkloadsKeySaysWhoseItIs() {
    assertThat(problems(() -> bind(commitWith("duration=10", "tablename=5")))).containsExactly(
        "tablename=5: a key of workload=paper, not of this run's workload=commit; allowed: the keys 'commitbench"
            + " workloads' lists for commit");
  }
}
