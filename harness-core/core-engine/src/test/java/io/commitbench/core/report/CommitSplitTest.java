package io.commitbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.breakdown.UnmeasuredPart;
import io.commitbench.core.measure.KindTotals;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.RunTotals;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The split of the client's commits over the sources' readings: totals are divided by the
 * commits, means per event are taken as they are, the first source of a part wins and a second is
 * a cross-check, and what no source measured is listed with its reason.
 */
class CommitSplitTest {

  /** Four commits of 2, 2, 3 and 5 ms: mean 3 ms. */
  private static RunTotals fourCommits() {
    Map<OperationKind, KindTotals> kinds = new EnumMap<>(OperationKind.class);
    kinds.put(OperationKind.COMMIT, ReportFixtures.kind(OperationKind.COMMIT, Map.of(), 2, 2, 3, 5));
    return new RunTotals(kinds, List.of(), 4, 0, 1_000_000_000L, 0);
  }

  private static final SourceReading WAITS = new SourceReading(
      List.of(PartReading.total(CommitParts.LOG_SYNC, 8.0, 800, "waits IO:WALSync"),
          PartReading.total(CommitParts.GROUP_COMMIT_WAIT, 1.2, 120, "waits LWLock:WALWrite")),
      List.of(new UnmeasuredPart(CommitParts.LOG_WRITE, "no samples source"),
          new UnmeasuredPart(CommitParts.LOG_SYNC, "would be shadowed")),
      List.of(), List.of("waits: 800 samples"));
  private static final SourceReading KERNEL = new SourceReading(
      List.of(PartReading.perEvent(CommitParts.LOG_SYNC, 1.9, 1.8, 4.0, 4, "kernel fdatasync")),
      List.of(), List.of(new LogIoView("fdatasync", "log", 4, 1.9, 1.8, 4.0, "kernel")), List.of());
  private static final SourceReading PROBE = new SourceReading(
      List.of(PartReading.perEvent(CommitParts.ROUND_TRIP, 0.5, 0.4, 0.9, 100, "probe")), List.of(), List.of(),
      List.of());

  @Test
  void totalsAreDividedByTheCommitsAndMeansPerEventTakenAsTheyAre() {
    CommitBreakdown b = CommitSplit.of(fourCommits(), List.of(WAITS, KERNEL, PROBE));

    assertThat(b.commits()).isEqualTo(4);
    assertThat(b.clientMeanMillis()).isCloseTo(3.0, within(0.01));
    assertThat(b.parts()).extracting(CommitBreakdown.Part::name)
        .containsExactly(CommitParts.ROUND_TRIP, CommitParts.LOG_SYNC, CommitParts.GROUP_COMMIT_WAIT);
    assertThat(b.parts().get(1).meanMillis()).as("8 ms over 4 commits").isCloseTo(2.0, within(1e-9));
    assertThat(b.parts().get(1).source()).isEqualTo("waits IO:WALSync");
    assertThat(b.parts().get(0).meanMillis()).isEqualTo(0.5);
    assertThat(b.partsSumMillis()).isCloseTo(0.5 + 2.0 + 0.3, within(1e-9));
    assertThat(b.differenceMillis()).isCloseTo(3.0 - 2.8, within(0.01));
  }

  @Test
  void aSecondSourceOfAPartIsACrossCheckAndAMeasuredPartIsNotListedAsUnmeasured() {
    CommitBreakdown b = CommitSplit.of(fourCommits(), List.of(WAITS, KERNEL, PROBE));

    assertThat(b.crossChecks()).singleElement().satisfies(c -> {
      assertThat(c.name()).isEqualTo(CommitParts.LOG_SYNC);
      assertThat(c.meanMillis()).isEqualTo(1.9);
    });
    assertThat(b.unmeasured()).extracting(UnmeasuredPart::name).containsExactly(CommitParts.LOG_WRITE);
    assertThat(b.logIo()).hasSize(1);
    assertThat(b.cost()).containsExactly("waits: 800 samples");
  }

  @Test
  void aWorkloadWithoutACommitCallSharesTheTotalsOverItsTransactionsAndSaysSo() {
    RunTotals autocommitted = new RunTotals(new EnumMap<>(OperationKind.class), List.of(), 10, 0, 1, 0);

    CommitBreakdown b = CommitSplit.of(autocommitted, List.of(WAITS));

    assertThat(b.clientMeanMillis()).isNaN();
    assertThat(b.parts().get(0).meanMillis()).as("8 ms over 10 transactions").isCloseTo(0.8, within(1e-9));
    assertThat(b.unmeasured()).extracting(UnmeasuredPart::name).contains("client_commit");
  }

  @Test
  void summaryJsonHoldsTheClientsMeanThePartsAndTheUnmeasuredWithReasons() {
    CommitBreakdown b = CommitSplit.of(fourCommits(), List.of(WAITS, KERNEL, PROBE));
    ObjectNode node = new ObjectMapper().createObjectNode();

    CommitBreakdownJson.write(node, b);

    JsonNode json = node;
    assertThat(json.get("measured").asBoolean()).isTrue();
    assertThat(json.get("client_commit_mean_ms").asDouble()).isCloseTo(3.0, within(0.01));
    assertThat(json.get("parts")).hasSize(3);
    assertThat(json.get("parts").get(1).get("name").asText()).isEqualTo("log_sync");
    assertThat(json.get("parts").get(1).get("mean_ms").asDouble()).isEqualTo(2.0);
    assertThat(json.get("parts").get(1).has("p50_ms")).as("a total has no percentiles").isFalse();
    assertThat(json.get("parts").get(0).get("p99_ms").asDouble()).isEqualTo(0.9);
    assertThat(json.get("unmeasured").get(0).get("reason").asText()).isEqualTo("no samples source");
    assertThat(json.get("difference_ms").asDouble()).isCloseTo(0.2, within(0.01));
    assertThat(json.get("log_io").get(0).get("file_class").asText()).isEqualTo("log");
  }

  @Test
  void aBreakdownThatWasNotMeasuredSaysWhyInTheReportAndTheSummary() {
    CommitBreakdown off = CommitBreakdown.notMeasured("breakdown=false");
    ObjectNode node = new ObjectMapper().createObjectNode();

    CommitBreakdownJson.write(node, off);

    assertThat(node.get("measured").asBoolean()).isFalse();
    assertThat(node.get("reason").asText()).isEqualTo("breakdown=false");
    assertThat(node.get("parts")).as("the same keys as a measured one, empty").isEmpty();
    assertThat(node.get("client_commit_mean_ms").isNull()).isTrue();
    assertThat(CommitBreakdownText.block(off))
        .isEqualTo("##### Where a commit's time goes #####\nnot measured: breakdown=false\n#####");
  }

  @Test
  void theReportBlockShowsEachPartsShareTheSumTheClientsMeanAndTheDifference() {
    String block = CommitBreakdownText.block(CommitSplit.of(fourCommits(), List.of(WAITS, KERNEL, PROBE)));

    assertThat(block).startsWith("##### Where a commit's time goes #####\nclient: the commit call, 4 commits\n")
        .endsWith("\n#####")
        .containsPattern("log_sync +2\\.000 +- +- +66\\.\\d%  waits IO:WALSync")
        .containsPattern("parts' sum +2\\.800")
        .containsPattern("difference +0\\.\\d+")
        .contains("unmeasured: log_write: no samples source", "cross-check: log_sync 1.900 ms (kernel fdatasync)",
            "I/O: fdatasync on log files: 4, mean 1.900 ms");
  }
}
