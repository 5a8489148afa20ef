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
}
