package io.commitbench.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.plan.RefusedException;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The results folder: outcomes recorded and read back, resume refusal, tables, CSV and the chart. */
class CampaignReportTest {

  @TempDir Path dir;
  private CampaignSpec spec;

  @BeforeEach
  void spec() throws Exception {
    Files.writeString(dir.resolve("w.properties"), "users=1\n");
    Files.writeString(dir.resolve("c.properties"), """
        campaign.name=t
        campaign.workload=w.properties
        campaign.dbms=mariadb,postgresql
        campaign.layouts=btrfs-raid0/btrfs@1-2, lvm-raid0/ext4@1
        campaign.snapshots=0,1
        campaign.output=%s
        """.formatted(dir.resolve("out")));
    spec = CampaignFile.read(dir.resolve("c.properties"));
  }

  private Cell cell(int layout, int disks, String dbms, int snapshots) {
    return new Cell(spec.layouts().get(layout), disks, dbms, snapshots);
  }

  @Test
  void anOutcomeIsReadBackAsRecordedAndOnlyFailuresRunAgain() throws Exception {
    CampaignStore store = CampaignStore.open(spec);
    CellOutcome measured = CellOutcome.measured(cell(0, 2, "mariadb", 1), CellFigures.single(12.5), "cells/x/run", 9.5);
    CellOutcome failed = CellOutcome.failed(cell(0, 1, "postgresql", 0), "initdb: no space", Optional.empty(), 3);
    store.record(measured);
    store.record(failed);
    CellOutcome back = CampaignStore.existing(spec).orElseThrow().outcome(measured.cell()).orElseThrow();
    assertThat(back.transactionsPerSecond().getAsDouble()).isEqualTo(12.5);
    assertThat(back.runDir()).contains("cells/x/run");
    assertThat(back.isFinal()).isTrue();
    assertThat(store.outcome(failed.cell()).orElseThrow().isFinal()).isFalse();
    assertThat(store.outcome(cell(1, 1, "mariadb", 0))).isEmpty();
  }

  @Test
  void aFolderHoldingAnotherWorkloadsCampaignIsRefused() throws Exception {
    CampaignStore.open(spec);
    Files.writeString(dir.resolve("w.properties"), "users=2\n");
    assertThatThrownBy(() -> CampaignStore.open(spec)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("workload_sha256").hasMessageContaining("would not compare");
  }

  /**
   * Cells measured on a log as the server made it do not go in one table with cells measured on a
   * log written through, nor the other way round: the first pass through a preallocated log costs
   * more I/O per commit on btrfs.
   */
  @Test
  void aFolderMeasuredWithAnotherLogStateIsRefusedEitherWay() throws Exception {
    CampaignStore.open(spec);
    Files.writeString(dir.resolve("c.properties"), "campaign.write-log-through=false\n", StandardOpenOption.APPEND);
    CampaignSpec fresh = CampaignFile.read(dir.resolve("c.properties"));
    assertThatThrownBy(() -> CampaignStore.open(fresh)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("whose log was written through, not ").hasMessageContaining("would not compare");

    Path other = dir.resolve("other.properties");
    Files.writeString(other, Files.readString(dir.resolve("c.properties")).replace(dir.resolve("out").toString(),
        dir.resolve("out2").toString()));
    CampaignStore.open(CampaignFile.read(other));
    Files.writeString(other, Files.readString(other).replace("campaign.write-log-through=false\n", ""));
    assertThatThrownBy(() -> CampaignStore.open(CampaignFile.read(other))).isInstanceOf(RefusedException.class)
        .hasMessageContaining("whose log was as the server made it, not written through");

    // A folder without the key measured the log as the server made it: it compares with false only.
    Path json = dir.resolve("out2").resolve(CampaignStore.CAMPAIGN_FILE);
    Files.writeString(json, Files.readString(json).replaceAll(",\\s*\"log\"\\s*:\\s*\"[^\"]*\"", ""));
    assertThat(Files.readString(json)).doesNotContain("\"log\"");
    assertThatThrownBy(() -> CampaignStore.open(CampaignFile.read(other))).isInstanceOf(RefusedException.class);
    Files.writeString(other, "campaign.write-log-through=false\n", StandardOpenOption.APPEND);
    assertThat(CampaignStore.existing(CampaignFile.read(other))).isPresent();
  }

  /**
   * A cell's id names the lab device its log is on, not that device's profile or size: cells kept
   * from a campaign whose hdd was another profile would not compare, so its folder is refused; the
   * tables' heading says what the devices were.
   */
  @Test
  void aFolderMeasuredWithOtherLogDevicesIsRefusedAndTheHeadingNamesThem() throws Exception {
    Path file = dir.resolve("log-on.properties");
    Files.writeString(file, """
        campaign.name=log-on
        campaign.workload=w.properties
        campaign.dbms=postgresql
        campaign.layouts=plain/ext4
        campaign.log-on=hdd,ssd
        campaign.lab.device-size=256M
        campaign.output=%s
        """.formatted(dir.resolve("log-on-out")));
    CampaignSpec logOn = CampaignFile.read(file);
    assertThat(logOn.logDevices()).contains("hdd (profile hdd) and ssd (profile ssd), 256 MiB each");
    CampaignStore store = CampaignStore.open(logOn);
    CampaignReport.write(logOn, store);
    assertThat(Files.readString(dir.resolve("log-on-out").resolve(CampaignReport.MARKDOWN)))
        .contains("150 write IOPS per disk; logs on the lab's hdd (profile hdd) and ssd (profile ssd), 256 MiB each.");
    assertThat(CampaignStore.existing(CampaignFile.read(file))).isPresent();

    Files.writeString(file, "campaign.lab.hdd-profile=throttle\n", StandardOpenOption.APPEND);
    assertThatThrownBy(() -> CampaignStore.open(CampaignFile.read(file))).isInstanceOf(RefusedException.class)
        .hasMessageContaining("whose log_devices was hdd (profile hdd) and ssd (profile ssd), 256 MiB each, not"
            + " hdd (profile throttle) and ssd (profile ssd), 256 MiB each").hasMessageContaining("would not compare");
    Files.writeString(file, Files.readString(file).replace("campaign.lab.hdd-profile=throttle\n", "")
        .replace("device-size=256M", "device-size=1G"));
    assertThatThrownBy(() -> CampaignStore.open(CampaignFile.read(file))).isInstanceOf(RefusedException.class)
        .hasMessageContaining("1024 MiB each");

    // A folder without the entry does not say what the devices were.
    Path json = dir.resolve("log-on-out").resolve(CampaignStore.CAMPAIGN_FILE);
    Files.writeString(json, Files.readString(json).replaceAll(",\\s*\"log_devices\"\\s*:\\s*\"[^\"]*\"", ""));
    assertThat(Files.readString(json)).doesNotContain("log_devices");
    assertThatThrownBy(() -> CampaignStore.open(logOn)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("whose log_devices was unknown");
    assertThat(spec.logDevices()).as("logs on their layouts").isEmpty();
  }

  @Test
  void tablesHaveARowPerDiskCountAndDbmsAndAColumnPerSnapshotCount() throws Exception {
    CampaignStore store = CampaignStore.open(spec);
    store.record(CellOutcome.measured(cell(0, 1, "mariadb", 0), CellFigures.single(13.14), "cells/a/run", 5));
    store.record(CellOutcome.measured(cell(0, 1, "mariadb", 1), CellFigures.single(11.57), "cells/b/run", 5));
    store.record(CellOutcome.measured(cell(0, 1, "postgresql", 0), CellFigures.single(9.8), "cells/c/run", 5));
    store.record(CellOutcome.unsupported(cell(1, 1, "mariadb", 0), "unsupported on this host: no device-mapper"));
    store.record(CellOutcome.unsupported(cell(1, 1, "mariadb", 1), "unsupported on this host: no device-mapper"));
    CampaignReport.write(spec, store);

    String md = Files.readString(dir.resolve("out").resolve(CampaignReport.MARKDOWN));
    assertThat(md).contains("| snapshots: | 0 | 1 | DBMS |")
        .contains("| btrfs-raid0/btrfs (1 disk) | [13.14](cells/a/run/report.txt) | [11.57](cells/b/run/report.txt) | mariadb |")
        .contains("|  | [9.80](cells/c/run/report.txt) | not run | postgresql |")
        .contains("| btrfs-raid0/btrfs (2 disks) | not run | not run | mariadb |")
        .contains("| lvm-raid0/ext4 (1 disk) | unsupported (1) | unsupported (1) | mariadb |")
        .contains("1. unsupported on this host: no device-mapper")
        .contains("![TX/s against snapshot count, btrfs-raid0/btrfs](charts/btrfs-raid0-btrfs.png)")
        .doesNotContain("charts/lvm-raid0-ext4.png")
        .contains("12 cells: 3 measured, 2 unsupported, 0 failed, 7 not run yet");

    List<String> csv = Files.readAllLines(dir.resolve("out").resolve(CampaignReport.CSV));
    assertThat(csv).hasSize(6);
    assertThat(csv.get(1)).isEqualTo("btrfs-raid0/btrfs,btrfs-raid0,btrfs,1,mariadb,0,measured,13.14,5.0,cells/a/run,,1,13.14,13.14");

    BufferedImage png = ImageIO.read(dir.resolve("out/charts/btrfs-raid0-btrfs.png").toFile());
    assertThat(png.getWidth()).isEqualTo(800);
    assertThat(Files.exists(dir.resolve("out/charts/lvm-raid0-ext4.png"))).isFalse();
  }

  @Test
  void csvQuotesReasonsWithCommas() throws IOException {
    String csv = CampaignTables.csv(List.of(CellOutcome.failed(cell(0, 1, "mariadb", 0), "a, \"b\"", Optional.empty(), 1)));
    assertThat(csv.lines().skip(1).findFirst().orElseThrow()).endsWith(",failed,,1.0,,\"a, \"\"b\"\"\",,,");
  }

  @Test
  void aCellMeasuredSeveralTimesShowsItsMedianAndRangeAndTheServersView() throws Exception {
    CampaignStore store = CampaignStore.open(spec);
    Map<String, CellFigures.ServerValue> server = new LinkedHashMap<>();
    server.put("log_bytes_per_commit", new CellFigures.ServerValue(512.0, "bytes"));
    server.put("log_sync_ms_per_commit", new CellFigures.ServerValue(0.0421, "ms"));
    store.record(CellOutcome.measured(cell(0, 1, "mariadb", 0), new CellFigures(List.of(12.0, 10.0, 15.0), server),
        "cells/a/run", 30));
    store.record(CellOutcome.measured(cell(0, 1, "postgresql", 1), CellFigures.single(9.0), "cells/b/run", 10));

    CellOutcome back = CampaignStore.existing(spec).orElseThrow().outcome(cell(0, 1, "mariadb", 0)).orElseThrow();
    assertThat(back.figures().orElseThrow().transactionsPerSecond()).containsExactly(12.0, 10.0, 15.0);
    assertThat(back.figures().orElseThrow().server()).isEqualTo(server);
    assertThat(back.transactionsPerSecond().getAsDouble()).isEqualTo(12.0);

    CampaignReport.write(spec, store);
    String md = Files.readString(dir.resolve("out").resolve(CampaignReport.MARKDOWN));
    assertThat(md).contains("| btrfs-raid0/btrfs (1 disk) | [12.00](cells/a/run/group.txt) (10.00–15.00, 3 runs) | not run"
        + " | mariadb |")
        .contains("|  | not run | [9.00](cells/b/run/report.txt) | postgresql |")
        .contains("| disks | DBMS | snapshots | log_bytes_per_commit | log_sync_ms_per_commit | ")
        .contains("| 1 | mariadb | 0 | 512 | 0.0421 | ")
        .contains("| 1 | postgresql | 1 | – | – | ");
    List<String> csv = Files.readAllLines(dir.resolve("out").resolve(CampaignReport.CSV));
    assertThat(csv.get(1)).endsWith(",measured,12.00,30.0,cells/a/run,,3,10.00,15.00");
    BufferedImage png = ImageIO.read(dir.resolve("out/charts/btrfs-raid0-btrfs.png").toFile());
    assertThat(png.getHeight()).isEqualTo(500);
  }

  @Test
  void anOutcomeWithASingleTransactionRateIsReadAsOneRun() throws Exception {
    CampaignStore store = CampaignStore.open(spec);
    Cell cell = cell(0, 2, "postgresql", 0);
    Files.createDirectories(store.cellDir(cell));
    Files.writeString(store.cellDir(cell).resolve(CampaignStore.CELL_FILE), """
        {"cell": "x", "status": "measured", "transactions_per_second": 42.5, "reason": "", "run_dir": "cells/x/run",
         "seconds": 3.0, "finished": "2026-11-01T10:00:00Z"}
        """);
    CellFigures figures = store.outcome(cell).orElseThrow().figures().orElseThrow();
    assertThat(figures.transactionsPerSecond()).containsExactly(42.5);
    assertThat(figures.server()).isEmpty();
  }
}
