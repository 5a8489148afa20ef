package io.commitbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.measure.PaperAnalysis;
import io.commitbench.core.workload.paper.PaperBlock;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Seals the text layout: the paper's labels and alignment, the modern block after it, and the
 * database's view last.
 */
class ReportTextTest {

  private static final String HEADER = """
      -----
       | DB-Type          : postgresql
       | Workload         : paper
       | Sleep Intervall  : 100
       | Test Users       : 10
       | AutoCommit       : true
       | Table Number     : 5
       | Table Inserts    : 10
       | Table Selects    : 10
       | Table Updates    : 10
       | Table Deletes    : 10
       | Repeat           : 30
       | Users Mode       : db-users
       | DB-URL           : jdbc:postgresql://127.0.0.1:5432/test?password=***&ssl=false
       | DB-User          : postgres
       | Table Prefix     : cb_t (fixed)
       | User Prefix      : cb_u (fixed)
      -----
      """;

  private static final String PAPER = """
      ##### Benchmark Overall Analysis #####
      Results for all actors and all repeat cycles!
      Overall time (all cycles)          : 4000.000 ms
      Average overall time (all cycles)  : 2000.000 ms
      Average actor time                 : 1700.000 ms
      Average actor insert time          :  350.000 ms
      Average actor select time          :   35.000 ms
      Average actor update time          :    3.500 ms
      Average actor delete time          :    1.235 ms
      #####
      """;

  // Latencies are HdrHistogram's highest equivalent values of 3-digit histograms (1 ms -> 1.000447).
  private static final String MODERN = """
      ##### Run Statistics #####
      Run id                             : run-1
      commitbench version                : 0.1.0-test
      Outcome                            : completed
      Workload                           : paper
      Measured time (s)                  : 4.000
      Operations (DML, no commits)       :    11
      Operations per second              : 2.750
      Transactions                       :    11
      Transactions per second            : 2.750
      Errors                             :     4
      Failed transactions                :     4
      Ignored errors (restarted)         :     0
      Retries                            :     0
      Reconnects                         :     1

      Latency of successful operations (ms):
      kind    count  errors     mean    p50      p90      p99    p99.9      max
      insert      2       1   50.488  1.000  100.008  100.008  100.008  100.008
      select      4       0    2.000  2.001    2.001    2.001    2.001    2.001
      update      4       2  110.016  5.001  425.198  425.198  425.198  425.198
      delete      1       1    2.999  3.000    3.000    3.000    3.000    3.000
      commit      0       0        -      -        -        -        -        -

      Transactions by type (ms): response time from the intended start, service time from the actual start \
      (closed loop: they differ only by the actor's own time between one transaction's last call and the next one's first)
      type        time  count  errors  ignored  retries     mean    p50      p90      p99    p99.9      max
      insert  response      2       1        0        0   50.488  1.000  100.008  100.008  100.008  100.008
               service                                    50.488  1.000  100.008  100.008  100.008  100.008
                   lag                                         -      -        -        -        -        -
      select  response      4       0        0        0    2.000  2.001    2.001    2.001    2.001    2.001
               service                                     2.000  2.001    2.001    2.001    2.001    2.001
                   lag                                         -      -        -        -        -        -
      update  response      4       2        0        0  110.016  5.001  425.198  425.198  425.198  425.198
               service                                   110.016  5.001  425.198  425.198  425.198  425.198
                   lag                                         -      -        -        -        -        -
      delete  response      1       1        0        0    2.999  3.000    3.000    3.000    3.000    3.000
               service                                     2.999  3.000    3.000    3.000    3.000    3.000
                   lag                                         -      -        -        -        -        -

      Errors by class:
        deadlock              2
        connection_lost       1
        constraint_violation  1
      #####
      """;

  private static final String SERVER = """
      ##### Database's view (server counters) #####
      Server counters are global: every session on the server adds to them, not only this run's.
      Counters cover                     : the measured window (read before the first cycle, and after the last)
      Counters read at                   : 2025-01-02T10:00:00.500Z and 2025-01-02T10:00:05Z

      Log counters:
        commits              11 count
        log_bytes          5632 bytes
        log_writes            8 count
        log_syncs             8 count
        log_write_time_ms  absent: track_wal_io_timing is off: the server does not time WAL I/O (it reads 0)
        log_sync_time_ms   absent: track_wal_io_timing is off: the server does not time WAL I/O (it reads 0)
      Derived figures:
        log sync time per commit              absent: log_sync_time_ms is absent: track_wal_io_timing is off: \
      the server does not time WAL I/O (it reads 0)
        log sync time per sync                absent: log_sync_time_ms is absent: track_wal_io_timing is off: \
      the server does not time WAL I/O (it reads 0)
        log bytes per commit                  512.000 bytes
        commits per log write (group commit)    1.375
        commits per log sync                    1.375
      Product counters:
        pg_stat_wal.wal_records  44 count

      Commit latency, client side beside the server's view:
      (autocommit=true: every insert, update and delete includes its commit; no COMMIT is timed alone)
      Client: insert mean                : 50.488 ms
      Client: update mean                : 110.016 ms
      Client: delete mean                : 2.999 ms
      Server: log sync time per commit   : absent: log_sync_time_ms is absent: track_wal_io_timing is off: \
      the server does not time WAL I/O (it reads 0)
      Server: log sync time per sync     : absent: log_sync_time_ms is absent: track_wal_io_timing is off: \
      the server does not time WAL I/O (it reads 0)
      #####
      """;

  @Test
  void headerHasThePaperLabelsAndNoPassword() {
    BenchmarkConfig config = ReportFixtures.config(true);
    String header = ReportText.header(config, ReportFixtures.paperLines(config), "db-users", Set.of(), List.of());

    assertThat(header).isEqualTo(HEADER);
    assertThat(header).doesNotContain("secret").doesNotContain("Commit Interval");
  }

  /** The paper's "Quota Amount", where it takes effect: a database that gives created users a quota. */
  @Test
  void headerShowsTheQuotaOnlyWhereTheDatabaseGivesTheCreatedUsersOne() {
    BenchmarkConfig config = ReportFixtures.config(true);
    Set<String> quota = Set.of(ParameterKeys.QUOTA);

    assertThat(ReportText.header(config, ReportFixtures.paperLines(config), "db-users", quota, List.of()))
        .contains(" | Test Users       : 10\n | Quota Amount     : 50\n | AutoCommit       : true\n");
    assertThat(ReportText.header(config, ReportFixtures.paperLines(config), "shared", quota, List.of()))
        .as("shared login: no user is created, so none gets a quota").doesNotContain("Quota");
    assertThat(ReportText.header(config, ReportFixtures.paperLines(config), "db-users", Set.of(), List.of()))
        .as("a database without user quotas").doesNotContain("Quota");
  }

  @Test
  void headerTellsEachPrefixWhetherItWasFixedOrDerived() {
    BenchmarkConfig config = ReportFixtures.config(true, true);
    String header = ReportText.header(config, ReportFixtures.paperLines(config), "db-users", Set.of(), List.of());

    assertThat(header)
        .contains(" | Table Prefix     : cb_t (fixed)\n")
        .contains(" | User Prefix      : cb_u (the run's own, derived from the run id)\n");
  }

  @Test
  void headerShowsCommitIntervalOnlyWithoutAutocommit() {
    BenchmarkConfig config = ReportFixtures.config(false);
    String header = ReportText.header(config, ReportFixtures.paperLines(config), "shared", Set.of(), List.of());

    assertThat(header)
        .contains(" | AutoCommit       : false\n")
        .contains(" | Repeat           : 30\n | Commit Interval  : 1\n | Users Mode       : shared\n");
  }

  @Test
  void paperBlockAlignsColonsAndValues() {
    String block = PaperBlock.paperBlock(ReportFixtures.paperAnalysis(ReportFixtures.completed()));

    assertThat(block).isEqualTo(PAPER);
    assertThat(block.lines().filter(l -> l.contains(": ")).map(l -> l.indexOf(':')).distinct())
        .as("35 characters before every colon").containsExactly(ReportText.PAPER_LABEL_WIDTH);
    assertThat(block.lines().filter(l -> l.endsWith(" ms")).map(String::length).distinct())
        .as("values right-aligned").hasSize(1);
  }

  @Test
  void scheduleNoteSaysWhenTheSleepScheduleSetsTheOverallTime() {
    PaperAnalysis a = ReportFixtures.paperAnalysis(ReportFixtures.completed()); // 2 cycles, 4000 ms overall, 2000 per cycle

    assertThat(PaperBlock.scheduleNote(a, 3, 600)).isEqualTo("Note: the sleep schedule, not storage, sets the overall"
        + " time: actors start 600 ms apart, so each cycle takes at least 1,200 ms ((users - 1) x sleep = 2 x 600 ms)"
        + " to release them, 60 % of the average overall time (2000.000 ms); compare the actor times, which storage"
        + " sets.\n");
    assertThat(PaperBlock.scheduleNote(a, 3, 500)).as("exactly half").startsWith("Note: the sleep schedule");
    assertThat(PaperBlock.scheduleNote(a, 3, 400)).as("40 %: storage's share is larger").isEmpty();
    assertThat(PaperBlock.scheduleNote(a, 1, 60_000)).as("one actor").isEmpty();
  }

  @Test
  void paperBlockShowsNotAvailableWhenNothingWasMeasured() {
    String block = PaperBlock.paperBlock(ReportFixtures.paperAnalysis(ReportFixtures.failedInSetup()));

    assertThat(block)
        .contains("Overall time (all cycles)          : 0.000 ms\n")
        .contains("Average overall time (all cycles)  :   n/a\n")
        .contains("Average actor delete time          :   n/a\n")
        .doesNotContain("NaN");
  }

  @Test
  void paperBlockIgnoresTheDefaultLocale() {
    Locale saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      assertThat(PaperBlock.paperBlock(ReportFixtures.paperAnalysis(ReportFixtures.completed()))).isEqualTo(PAPER);
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void modernBlockHasTotalsLatencyTableAndErrors() {
    assertThat(ReportText.modernBlock(ReportFixtures.completed())).isEqualTo(MODERN);
  }

  @Test
  void modernBlockOfAFailedRunShowsTheReasonAndNoLatencies() {
    String block = ReportText.modernBlock(ReportFixtures.failedInSetup());

    assertThat(block)
        .contains("Outcome                            : failed\n")
        .contains("Failure                            : setup failed: permission denied to create role\n")
        .contains("insert      0       0     -    -    -    -      -    -\n")
        .contains("Errors by class: none\n");
  }

  @Test
  void failureReasonIsRedacted() {
    RunResult failed = ReportFixtures.failedInSetup();
    RunResult leaky = new RunResult(failed.runId(), failed.harnessVersion(), failed.config(), failed.usersModeUsed(),
        failed.startedAt(), failed.endedAt(), failed.outcome(),
        "cannot connect to jdbc:postgresql://db/test?password=secret", failed.cycles(), failed.actorCycles(),
        failed.totals(), failed.logActivity(), failed.companions(), failed.autocommit(), failed.warmup(), failed.clientCpuNanos());

    assertThat(ReportText.modernBlock(leaky)).contains("password=***").doesNotContain("secret");
  }

  @Test
  void serverBlockHasCountersDerivedFiguresAndTheCommitLatencyBesideThem() {
    assertThat(ReportText.serverBlock(ReportFixtures.completed())).isEqualTo(SERVER);
  }
}
