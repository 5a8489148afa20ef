package io.commitbench.storage.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.storage.format.ExposureReport.FileCounts;
import org.junit.jupiter.api.Test;

class ExposureReportTest {

  private static final long SEGMENT = 16L << 20;

  private static ExposureReport wal(long written, FileCounts files) {
    return new ExposureReport("no-recycle", "WAL segment", LogExposure.Reuse.RENAME,
        LogSample.counted(1_000_000, SEGMENT, 40), LogSample.counted(1_000_000 + written, SEGMENT, 43), files, "");
  }

  @Test
  void theRatioIsTheLogWrittenOverOneFilesSize() {
    assertThat(ExposureReport.unitsWritten(8L << 20, SEGMENT)).isEqualTo(0.5);
    assertThat(ExposureReport.unitsWritten(48L << 20, SEGMENT)).isEqualTo(3.0);
    assertThat(ExposureReport.unitsWritten(123, 0)).as("a server without a size").isZero();
    ExposureReport r = wal(40L << 20, new FileCounts(1, 2, 0));
    assertThat(r.logBytes()).isEqualTo(40L << 20);
    assertThat(r.unitsWritten()).isEqualTo(2.5);
    assertThat(r.checkpoints()).isEqualTo(3);
    assertThat(ExposureReport.ratio(0.00033)).isEqualTo("0.0003");
    assertThat(ExposureReport.ratio(0)).isEqualTo("0.00");
    assertThat(ExposureReport.ratio(2.736)).isEqualTo("2.74");
  }

  @Test
  void lessLogThanOneFileIsNothingToActOn() {
    ExposureReport r = wal(7_700_000, new FileCounts(0, 0, 0));
    assertThat(r.warnings()).containsExactly("warning: formatter arm no-recycle had nothing to act on: the run wrote"
        + " 7,700,000 bytes of log, 0.46 of one WAL segment of 16,777,216 bytes; less than one WAL segment's worth, so"
        + " the server had at most one WAL segment to recycle or create and pre-formatting could not matter; run"
        + " longer, or with a workload that writes more log (more or bigger rows per commit)");
    assertThat(wal(5_536, null).warnings()).singleElement().asString().contains("0.0003 of one WAL segment");
  }

  @Test
  void moreThanOneFileButNoFileCreatedOrRecycledIsNothingToActOnWhereFilesAreRenamed() {
    assertThat(wal(40L << 20, new FileCounts(0, 0, 0)).warnings()).singleElement().asString()
        .contains("2.50 of one WAL segment").contains("but no WAL segment was created or recycled during it");
    assertThat(wal(40L << 20, new FileCounts(0, 1, 0)).warnings()).as("one recycled").isEmpty();
    assertThat(wal(40L << 20, new FileCounts(2, 0, 2)).warnings()).as("two created").isEmpty();
    assertThat(wal(40L << 20, null).warnings()).as("files not watched: the bytes decide").isEmpty();
  }

  @Test
  void aCircularLogIsReusedInPlaceAndCountsWrapsNotRecycledFiles() {
    long log = 96L << 20;
    ExposureReport r = new ExposureReport("resize", "redo log", LogExposure.Reuse.IN_PLACE,
        LogSample.uncounted(500, log, "InnoDB counts no checkpoints"),
        LogSample.uncounted(500 + 2 * log + 10, log + (1 << 20), "InnoDB counts no checkpoints"),
        new FileCounts(2, 2, 2), "");
    assertThat(r.wraps()).isEqualTo(2);
    assertThat(r.warnings()).isEmpty();
    assertThat(r.lines()).containsExactly(
        "log written during the run         : 201,326,602 bytes = 2.00 redo logs of 100,663,296 bytes"
            + " (101,711,872 bytes at the end)",
        "redo logs created                  : 2",
        "redo log wraps                     : 2 (reused in place, not as files: whole redo log sizes written)",
        "checkpoints                        : not available: InnoDB counts no checkpoints");
    assertThat(r.figures()).containsEntry("wraps", 2L).containsEntry("unitBytesAtEnd", log + (1 << 20)).containsEntry("filesRecycled", null)
        .containsEntry("checkpoints", null).containsEntry("checkpointsAbsent", "InnoDB counts no checkpoints")
        .containsEntry("reuse", "in-place");
  }

  @Test
  void linesAndFiguresOfRenamedSegments() {
    ExposureReport r = wal(40L << 20, new FileCounts(1, 2, 3));
    assertThat(r.lines()).containsExactly(
        "log written during the run         : 41,943,040 bytes = 2.50 WAL segments of 16,777,216 bytes",
        "WAL segments created               : 1",
        "WAL segments recycled              : 2",
        "WAL segments removed               : 3",
        "checkpoints                        : 3");
    assertThat(r.figures()).containsEntry("logBytes", 41_943_040L).containsEntry("unitBytes", SEGMENT)
        .containsEntry("unitsWritten", 2.5).containsEntry("filesCreated", 1L).containsEntry("filesRecycled", 2L)
        .containsEntry("filesRemoved", 3L).containsEntry("checkpoints", 3L).doesNotContainKey("wraps");
  }

  @Test
  void filesThatCouldNotBeWatchedAreNotAvailableWithTheReason() {
    ExposureReport r = new ExposureReport("baseline", "WAL segment", LogExposure.Reuse.RENAME,
        LogSample.counted(0, SEGMENT, 1), LogSample.counted(SEGMENT, SEGMENT, 1), null, "cannot list /x here: denied");
    assertThat(r.lines()).contains("WAL segments created, recycled     : not available: cannot list /x here: denied");
    assertThat(r.figures()).containsEntry("filesCreated", null).containsEntry("filesAbsent", "cannot list /x here: denied");
  }
}
