package io.commitbench.core.host.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A lab device's calibration: its line, its figures beside a data sheet's, and its place in lab.json. */
class CalibrationTest {

  private static final Calibration FIO = new Calibration("fio-3.33", 140, 13_500.0, 41_000.0,
      Optional.of(new Calibration.PacedSync(125, 14_200.0, 30_500.0, 10_000)), Optional.of(9.5), Optional.of(70.25),
      Optional.of(new Calibration.Latency(160, 12_300.0, 16_700.0)),
      Optional.of(new Calibration.Latency(70, 850.0, 15_200.0)), Optional.of(112.6), "fio: ...");
  private static final Calibration PROBE = new Calibration("built-in probe", 100, 55.0, 120.0, Optional.empty(),
      Optional.empty(), Optional.empty(), "probe");

  @Test
  void theSummaryNamesEveryMeasuredFigure() {
    assertThat(FIO.summary()).isEqualTo("fdatasync of 8 KiB p50 13.5 ms, p99 41.0 ms (n=140), paced (10 ms idle"
        + " before each) p50 14.2 ms, p99 30.5 ms (n=125), sequential 1 MiB writes 10/s, random 8 KiB writes 70/s"
        + " (p50 850 µs, p99 15.2 ms), random 8 KiB reads p50 12.3 ms, p99 16.7 ms (n=160), sequential 1 MiB reads"
        + " 113 MB/s, fio-3.33");
    assertThat(PROBE.summary()).isEqualTo("fdatasync of 8 KiB p50 55 µs, p99 120 µs (n=100), built-in probe");
  }

  @Test
  void besideDatasheetPrintsOneLineForEachDatasheetFigureInAFixedOrder() {
    Map<String, Double> sheet = new LinkedHashMap<>();
    sheet.put("random_write_iops", 75.0);
    sheet.put("random_read_ms", 12.4);
    sheet.put("seq_read_mbs", 160.0);
    sheet.put("fdatasync_ms", 0.09);

    List<String> lines = FIO.besideDatasheet(sheet).lines().toList();

    assertThat(lines).containsExactly(
        "  sequential 1 MiB read       113 MB/s   data sheet 160 MB/s",
        "  random 8 KiB read p50        12.3 ms   data sheet 12.4 ms",
        "  fdatasync p50                13.5 ms   data sheet 90 µs",
        "  random 8 KiB writes           70.3/s   data sheet 75.0/s");
  }

  @Test
  void besideDatasheetComparesThePacedAndRandomWriteFigures() {
    assertThat(FIO.besideDatasheet(Map.of("paced_fdatasync_ms", 14.0, "random_write_ms", 0.8))).isEqualTo(
        "  paced fdatasync p50          14.2 ms   data sheet 14.0 ms\n"
            + "  random 8 KiB write p50        850 µs   data sheet 800 µs");
  }

  @Test
  void aFigureTheCalibrationLacksReadsNotMeasured() {
    assertThat(PROBE.besideDatasheet(Map.of("random_read_ms", 8.5, "fdatasync_ms", 0.05)).lines().toList())
        .containsExactly("  random 8 KiB read p50   not measured   data sheet 8.5 ms",
            "  fdatasync p50                  55 µs   data sheet 50 µs");
    assertThat(PROBE.besideDatasheet(Map.of())).isEmpty();
  }

  @Test
  void besideDatasheetRefusesAnUnknownKeyOrABadFigure() {
    assertThatThrownBy(() -> FIO.besideDatasheet(Map.of("seek_ms", 8.0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("data sheet figure 'seek_ms' is not one a calibration has; known figures: seq_read_mbs,"
            + " random_read_ms, fdatasync_ms, paced_fdatasync_ms, random_write_ms, random_write_iops");
    assertThatThrownBy(() -> FIO.besideDatasheet(Map.of("random_read_ms", -1.0)))
        .hasMessage("data sheet figure 'random_read_ms' is -1.0; it must be a finite number, 0 or more");
    assertThatThrownBy(() -> FIO.besideDatasheet(Map.of("seq_read_mbs", Double.NaN)))
        .hasMessageContaining("'seq_read_mbs' is NaN");
  }

  @Test
  void labJsonKeepsTheReadFiguresAndTheRandomWriteLatency() throws IOException {
    LabState state = withCalibration(FIO);

    byte[] written = LabStateJson.write(state);

    assertThat(new String(written, StandardCharsets.UTF_8)).contains("\"rand_read_count\" : 160",
        "\"rand_read_p50_us\" : 12300.0", "\"rand_read_p99_us\" : 16700.0", "\"rand_write_count\" : 70",
        "\"rand_write_p50_us\" : 850.0", "\"rand_write_p99_us\" : 15200.0", "\"seq_read_mbs\" : 112.6");
    assertThat(LabStateJson.parse(written, Path.of("lab.json"))).isEqualTo(state);
  }

  @Test
  void aCalibrationWrittenWithoutTheNewFieldsReadsWithoutThem() throws IOException {
    byte[] probe = LabStateJson.write(withCalibration(PROBE));

    Calibration read = LabStateJson.parse(probe, Path.of("lab.json")).device("hdd").calibration().orElseThrow();

    assertThat(new String(probe, StandardCharsets.UTF_8)).doesNotContain("rand_read", "seq_read", "rand_write");
    assertThat(read).isEqualTo(PROBE);
    assertThat(read.randReadLatency()).isEmpty();
    assertThat(read.seqReadMBs()).isEmpty();
  }

  private static LabState withCalibration(Calibration c) {
    Path root = Path.of("/var/tmp/lab");
    LabDevice hdd = new LabDevice("hdd", root.resolve("hdd.img"), 128L << 20, true, Optional.of("/dev/loop8"),
        Optional.of("7:8"), Optional.of("1"), true, Optional.of(root.resolve("hdd")), true, true)
        .withCalibration(c);
    return new LabState("t1", root, LabFilesystem.fromLabel("ext4"), Instant.parse("2025-01-02T03:04:05Z"), true,
        List.of(hdd), Optional.empty());
  }
}
