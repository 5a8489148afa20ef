package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.it.support.CampaignLeftovers;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * {@code commitbench campaign run} for real on this host, small: btrfs's own RAID0 over 1 and 2
 * throttled lab disks with 0 and 2 subvolume snapshots (one disk against several, no snapshot
 * against a chain of them), and ext4 and xfs on one plain disk, each
 * under a managed PostgreSQL and a managed MariaDB; an LVM layout, which a kernel without
 * device-mapper cannot build (the test expects such a host), is recorded as unsupported with the
 * reason. Then the same campaign again:
 * every cell is kept (resume). Afterwards nothing is left: no mount, loop device or cgroup of the
 * campaign's lab, no layout or instance state.
 *
 * <p>Needs root, loop devices, the blkio controller, mkfs.btrfs, mkfs.xfs and both servers'
 * programs; skipped with the reason printed otherwise.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CampaignIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static Path base;
  private static Path campaignFile;
  private static Path output;
  private static Path work;

  @BeforeAll
  static void campaign() throws IOException {
    requirements();
    base = InstanceItSupport.base("campaign-it-");
    output = base.resolve("out");
    work = base.resolve("work");
    Commitbench.writeParameterFile(base.resolve("workload.properties"), Map.of("users", "1", "sleep", "0",
        "tablename", "1", "tableinsertnumber", "20", "tableselectnumber", "20", "tableupdatenumber", "20",
        "tabledeletenumber", "20", "repeat", "1", "autocommit", "true"));
    Commitbench.writeParameterFile(base.resolve("load.properties"), Map.of("users", "1", "sleep", "0",
        "tablename", "1", "tableinsertnumber", "300", "tableselectnumber", "0", "tableupdatenumber", "0",
        "tabledeletenumber", "0", "repeat", "1", "autocommit", "false", "commit.interval", "100"));
    campaignFile = base.resolve("campaign.properties");
    Files.writeString(campaignFile, String.join("\n",
        "campaign.name=it",
        "campaign.workload=workload.properties",
        "campaign.load=load.properties",
        "campaign.dbms=postgresql,mariadb",
        "campaign.layouts=btrfs-raid0/btrfs@1-2, plain/ext4, plain/xfs, lvm-raid0/ext4@1",
        "campaign.snapshots=0,2",
        "campaign.lab.disk-size=320M",
        "campaign.output=" + output,
        "campaign.work=" + work, ""));
  }

  @AfterAll
  static void cleanUp() {
    if (base != null) {
      InstanceItSupport.quietly(() -> InstanceItSupport.deleteTree(base));
    }
  }

  @Test
  @Order(1)
  @Timeout(value = 15, unit = TimeUnit.MINUTES) // 12 cells of some seconds each, on a busy small host
  void runsEveryCellItCanAndRecordsTheOthersAsUnsupported() throws Exception {
    String md = runCampaign(campaignFile, output).md();
    for (int disks = 1; disks <= 2; disks++) {
      for (String dbms : List.of("postgresql", "mariadb")) {
        String row = tableRow(md, "btrfs-raid0/btrfs (" + disks + (disks == 1 ? " disk)" : " disks)"), dbms);
        assertThat(row).as(row).doesNotContain("failed", "unsupported", "not run");
        assertThat(row.split("\\]\\(cells/")).as(row).hasSize(3);
      }
    }
    for (String fs : List.of("ext4", "xfs")) {
      String row = tableRow(md, "plain/" + fs + " (1 disk)", "postgresql");
      assertThat(row).as(row).contains("](cells/plain-" + fs + "-1d-postgresql-0s/run");
      assertThat(row.split("unsupported")).as(row).hasSize(2);
    }
    assertThat(md).contains("a plain layout has no snapshot mechanism").contains("device-mapper");
    assertThat(tableRow(md, "lvm-raid0/ext4 (1 disk)", "postgresql")).doesNotContain("](cells/");

    List<String> csv = Files.readAllLines(output.resolve("campaign.csv"));
    assertThat(csv).hasSize(1 + 20);
    assertThat(csv.stream().filter(l -> l.contains(",measured,"))).hasSize(12);
    assertThat(csv.stream().filter(l -> l.contains(",measured,")).map(l -> Double.parseDouble(l.split(",")[7])))
        .allMatch(tps -> tps > 0);
    assertThat(output.resolve("charts/btrfs-raid0-btrfs.png")).isRegularFile();
    assertThat(output.resolve("cells/btrfs-raid0-btrfs-2d-mariadb-2s/run/summary.json")).isRegularFile();
    assertNothingLeftBehind();
  }

  @Test
  @Order(2)
  void aSecondRunKeepsEveryFinishedCell() throws Exception {
    Assumptions.assumeTrue(Files.isRegularFile(output.resolve("campaign.md")), "the first run wrote no tables");
    String before = Files.readString(output.resolve("campaign.csv"));
    CliResult again = Commitbench.execute(List.of("campaign", "run", campaignFile.toString()));
    assertThat(again.exitCode()).as(again.describe()).isZero();
    // Measured and unsupported cells alike are final: none is run or probed again.
    assertThat(again.out().lines().filter(l -> l.contains("kept from an earlier run"))).hasSize(20);
    assertThat(again.out()).doesNotContain("build the layout");
    assertThat(Files.readString(output.resolve("campaign.csv"))).isEqualTo(before);
    assertNothingLeftBehind();
  }

  /**
   * Any workload in a campaign: sysbench's oltp_read_write on its own prepared data set
   * ({@code campaign.load=prepare}, the workload file saying load=reuse), each cell measured three
   * times ({@code campaign.runs=3}) on the same data and snapshots. The table shows each cell's
   * median and range, linked to the group's summary; the server's view is there per cell; the
   * chart has error bars.
   */
  @Test
  @Order(3)
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void anyWorkloadOnItsPreparedDataMeasuredThreeTimesPerCell() throws Exception {
    Path oltpOutput = base.resolve("oltp-out");
    Path oltpWork = base.resolve("oltp-work");
    Commitbench.writeParameterFile(base.resolve("oltp.properties"), Map.of("workload", "oltp_read_write",
        "users", "1", "duration", "2", "oltp.tables", "1", "oltp.table.size", "2000", "load", "reuse"));
    Path file = base.resolve("oltp-campaign.properties");
    Files.writeString(file, String.join("\n",
        "campaign.name=it-oltp",
        "campaign.workload=oltp.properties",
        "campaign.load=prepare",
        "campaign.runs=3",
        "campaign.dbms=postgresql,mariadb",
        "campaign.layouts=btrfs-raid0/btrfs@1",
        "campaign.snapshots=0,1",
        "campaign.lab.disk-size=320M",
        "campaign.output=" + oltpOutput,
        "campaign.work=" + oltpWork, ""));
    CampaignRun campaign = runCampaign(file, oltpOutput);
    String md = campaign.md();
    // Every cell wrote its server's log through before the snapshots (campaign.write-log-through's default).
    assertThat(campaign.out().lines().filter(l -> l.matches(" +[0-9,]+ bytes of log rewritten"))
        .map(l -> Long.parseLong(l.strip().split(" ")[0].replace(",", ""))))
        .as(campaign.out()).hasSize(4).allMatch(bytes -> bytes > 0);
    for (String dbms : List.of("postgresql", "mariadb")) {
      String row = tableRow(md, "btrfs-raid0/btrfs (1 disk)", dbms);
      assertThat(row).as(row).doesNotContain("failed", "unsupported", "not run");
      assertThat(row.split("/group.txt\\) \\(")).as("two cells with a median and a range: " + row).hasSize(3);
      assertThat(row).as(row).contains(", 3 runs)");
      for (int snapshots = 0; snapshots <= 1; snapshots++) {
        Path group = oltpOutput.resolve("cells/btrfs-raid0-btrfs-1d-" + dbms + "-" + snapshots + "s/run");
        assertThat(group.resolve("group.json")).isRegularFile();
        for (int run = 1; run <= 3; run++) {
          JsonNode summary = new ObjectMapper().readTree(group.resolve("run-" + run).resolve("summary.json").toFile());
          assertThat(summary.path("outcome").asText()).as("run %d of %s", run, group).isEqualTo("completed");
          assertThat(summary.path("workload").asText()).isEqualTo("oltp_read_write");
        }
      }
    }
    assertThat(md).contains("The server's view").contains("log_bytes_per_commit");
    List<String> csv = Files.readAllLines(oltpOutput.resolve("campaign.csv"));
    assertThat(csv.stream().filter(l -> l.contains(",measured,"))).hasSize(4)
        .allSatisfy(l -> {
          String[] f = l.split(",");
          assertThat(f[11]).as(l).isEqualTo("3");
          assertThat(Double.parseDouble(f[12])).as(l).isPositive()
              .isLessThanOrEqualTo(Double.parseDouble(f[7])).isLessThanOrEqualTo(Double.parseDouble(f[13]));
        });
    assertThat(oltpOutput.resolve("charts/btrfs-raid0-btrfs.png")).isRegularFile();
    Files.createDirectories(Path.of("target"));
    Files.copy(oltpOutput.resolve("charts/btrfs-raid0-btrfs.png"), Path.of("target/campaign-error-bars.png"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    CampaignLeftovers.assertNoneUnder(oltpWork);
  }

  /** Runs the campaign, which must succeed, and returns its campaign.md; both are printed. */
  private record CampaignRun(String md, String out) {}

  private static CampaignRun runCampaign(Path file, Path output) throws Exception {
    long began = System.nanoTime();
    CliResult result = Commitbench.execute(List.of("campaign", "run", file.toString()));
    System.out.println(PREFIX + file.getFileName() + " took " + (System.nanoTime() - began) / 1_000_000_000 + " s");
    System.out.println(result.out());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    String md = Files.readString(output.resolve("campaign.md"));
    System.out.println(md);
    return new CampaignRun(md, result.out());
  }

  /** The table line of a layout row's DBMS: the row itself, or the continuation line below it. */
  private static String tableRow(String md, String rowLabel, String dbms) {
    List<String> lines = md.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("| " + rowLabel + " |")) {
        for (int j = i; j < lines.size() && (j == i || lines.get(j).startsWith("|  |")); j++) {
          if (lines.get(j).endsWith("| " + dbms + " |")) {
            return lines.get(j);
          }
        }
      }
    }
    throw new AssertionError("no row '" + rowLabel + "' for " + dbms + " in:\n" + md);
  }

  private static void assertNothingLeftBehind() throws IOException {
    CampaignLeftovers.assertNoneUnder(work);
  }


  private static void requirements() throws IOException {
    String reason = null;
    if (!"root".equals(System.getProperty("user.name"))) {
      reason = "not root: loop devices, mounts and cgroups need root";
    } else if (!Files.exists(Path.of("/dev/loop-control"))) {
      reason = "no /dev/loop-control: this kernel has no loop devices";
    } else if (!Files.exists(Path.of("/sys/fs/cgroup/blkio/blkio.throttle.write_iops_device"))) {
      reason = "no cgroup v1 blkio controller at /sys/fs/cgroup/blkio";
    } else if (Stream.of("mkfs.btrfs", "mkfs.xfs").anyMatch(t -> !onPath(t))) {
      reason = "mkfs.btrfs or mkfs.xfs is not installed (btrfs-progs, xfsprogs)";
    } else {
      reason = InstanceItSupport.missing("postgresql");
      if (reason == null) {
        reason = InstanceItSupport.missing("mariadb");
      }
    }
    if (reason != null) {
      System.out.println(PREFIX + "CampaignIT skipped: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
  }

  private static boolean onPath(String tool) {
    return Stream.of("/usr/sbin/", "/sbin/", "/usr/bin/", "/bin/").anyMatch(d -> Files.isExecutable(Path.of(d + tool)));
  }
}
