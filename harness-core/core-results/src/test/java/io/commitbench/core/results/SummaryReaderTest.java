package io.commitbench.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryReaderTest {

  @TempDir Path dir;

  @Test
  void readsTheFiguresOfAVersion1Summary() throws Exception {
    SummaryFixtures.run(dir, "r1", 512.25, 1.25, 2.5, 4, "jdbc:postgresql://127.0.0.1/test");
    RunSummary s = SummaryReader.read(dir.resolve("summary.json"));
    assertThat(s.runId()).isEqualTo("r1");
    assertThat(s.transactionsPerSecond()).isEqualTo(512.25);
    assertThat(s.types()).singleElement().satisfies(t -> {
      assertThat(t.name()).isEqualTo("commit");
      assertThat(t.response().p99()).isEqualTo(2.5);
    });
    assertThat(s.kinds().get("commit")).isNull();
    assertThat(s.serverCounters()).extracting(ServerFigure::name).containsExactly("commits", "log_sync_time_ms");
    assertThat(s.serverCounters().get(1).absentReason()).isEqualTo("not timed");
    assertThat(s.rated()).isFalse();
    assertThat(s.warmupTransactionsPerSecond()).isNaN();
  }

  @Test
  void anOlderVersion1FileWithoutTheLaterKeysReadsThemAsAbsent() throws Exception {
    Files.writeString(dir.resolve("summary.json"), """
        {"schema":"commitbench.summary/1","runId":"old","outcome":"completed",
         "config":{"users":"10"},"totals":{"transactionsPerSecond":10.5}}
        """);
    RunSummary s = SummaryReader.read(dir.resolve("summary.json"));
    assertThat(s.types()).isEmpty();
    assertThat(s.serverCounters()).isEmpty();
    assertThat(s.workload()).isNull();
    assertThat(s.transactionsPerSecond()).isEqualTo(10.5);
    assertThat(s.measuredSeconds()).isNaN();
  }

  @Test
  void aRunThatMeasuredNothingHasNoThroughputRatherThanZero() throws Exception {
    Files.writeString(dir.resolve("summary.json"), """
        {"schema":"commitbench.summary/1","runId":"killed","outcome":"running","config":{},
         "totals":{"measuredSeconds":0.0,"transactions":0,"transactionsPerSecond":0.0,"operationsPerSecond":0.0}}
        """);
    RunSummary s = SummaryReader.read(dir.resolve("summary.json"));
    assertThat(s.transactionsPerSecond()).isNaN();
    assertThat(s.operationsPerSecond()).isNaN();
    assertThat(s.transactions()).isZero();
  }

  @Test
  void theServersResetReasonIsRead() throws Exception {
    Files.writeString(dir.resolve("summary.json"), """
        {"schema":"commitbench.summary/1","runId":"r","outcome":"completed","config":{},"totals":{},
         "server":{"reset":"the server restarted during the run: ...","counters":{"commits":{"absent":"x"}}}}
        """);
    assertThat(SummaryReader.read(dir.resolve("summary.json")).serverReset())
        .isEqualTo("the server restarted during the run: ...");
  }

  @Test
  void anotherSchemaIsRefusedNamingWhatWasFoundAndWhatIsRead() throws Exception {
    Files.writeString(dir.resolve("summary.json"), "{\"schema\":\"commitbench.summary/2\"}");
    assertThatThrownBy(() -> SummaryReader.read(dir.resolve("summary.json")))
        .isInstanceOf(ResultFormatException.class)
        .hasMessageContaining("'commitbench.summary/2'")
        .hasMessageContaining("this build reads commitbench.summary/1");
  }

  @Test
  void theCommitBreakdownIsReadPartByPartWithItsUnmeasuredCrossChecksAndLogIo() throws Exception {
    SummaryFixtures.run(dir, "r1", 500, 1.0, 2.0, 4, "jdbc:postgresql://127.0.0.1/test");
    BreakdownFixtures.add(dir, BreakdownFixtures.measured(2.31, 1.9));

    CommitBreakdownView b = SummaryReader.read(dir.resolve("summary.json")).commitBreakdown().orElseThrow();

    assertThat(b.measured()).isTrue();
    assertThat(b.commits()).isEqualTo(12000);
    assertThat(b.clientMeanMs()).isEqualTo(2.31);
    assertThat(b.clientP99Ms()).isEqualTo(6.3);
    assertThat(b.clientSource()).isEqualTo("client: the commit call, 12000 commits");
    assertThat(b.parts()).extracting(CommitBreakdownView.Part::name)
        .containsExactly("round_trip", "log_write", "log_sync", "group_commit_wait");
    assertThat(b.part("round_trip").orElseThrow().p99Ms()).isEqualTo(0.30);
    assertThat(b.part("log_write").orElseThrow().p50Ms()).as("a part without percentiles").isNaN();
    assertThat(b.part("log_sync").orElseThrow().source()).isEqualTo("pg_wait_sampling IO:WALSync");
    assertThat(b.partsSumMs()).isCloseTo(2.17, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(b.differenceMs()).isCloseTo(0.14, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(b.unmeasuredReason("kernel_log_io")).contains("breakdown.kernel=false");
    assertThat(b.crossChecks()).singleElement().satisfies(c -> {
      assertThat(c.name()).isEqualTo("log_sync");
      assertThat(c.meanMs()).isEqualTo(1.85);
    });
    assertThat(b.logIo()).singleElement().satisfies(l -> {
      assertThat(l.operation()).isEqualTo("fdatasync");
      assertThat(l.fileClass()).isEqualTo("log");
      assertThat(l.count()).isEqualTo(12010);
      assertThat(l.p99Ms()).isEqualTo(4.0);
    });
    assertThat(b.cost()).singleElement().asString().startsWith("pg_stat_activity sampled at 100 Hz");
  }

  @Test
  void aBreakdownNotMeasuredHasOnlyItsReasonAndAClientMeanOfNullIsAbsent() throws Exception {
    SummaryFixtures.run(dir.resolve("off"), "off", 500, 1.0, 2.0, 4, "jdbc:h2:mem:x");
    BreakdownFixtures.add(dir.resolve("off"), BreakdownFixtures.notMeasured("breakdown=false"));
    Files.writeString(dir.resolve("summary.json"), """
        {"schema":"commitbench.summary/1","runId":"n","outcome":"completed","config":{},"totals":{},
         "commit_breakdown":{"measured":true,"commits":0,"client_commit_mean_ms":null,
           "parts":[{"name":"a_part_of_a_later_source","mean_ms":0.5}],"parts_sum_ms":0.5,"difference_ms":null}}
        """);

    CommitBreakdownView off = SummaryReader.read(dir.resolve("off").resolve("summary.json")).commitBreakdown()
        .orElseThrow();
    CommitBreakdownView untimed = SummaryReader.read(dir.resolve("summary.json")).commitBreakdown().orElseThrow();

    assertThat(off.measured()).isFalse();
    assertThat(off.reason()).isEqualTo("breakdown=false");
    assertThat(off.parts()).isEmpty();
    assertThat(off.clientMeanMs()).isNaN();
    assertThat(untimed.clientMeanMs()).isNaN();
    assertThat(untimed.differenceMs()).isNaN();
    assertThat(untimed.clientP50Ms()).as("absent").isNaN();
    assertThat(untimed.parts()).extracting(CommitBreakdownView.Part::name).containsExactly("a_part_of_a_later_source");
  }

  @Test
  void aSummaryWithoutACommitBreakdownHasNone() throws Exception {
    SummaryFixtures.run(dir, "r1", 500, 1.0, 2.0, 4, "jdbc:h2:mem:x");
    assertThat(SummaryReader.read(dir.resolve("summary.json")).commitBreakdown()).isEmpty();
  }
}
