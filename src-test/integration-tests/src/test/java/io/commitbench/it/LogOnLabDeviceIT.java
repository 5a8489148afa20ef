package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.it.support.CampaignLeftovers;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.storage.exec.Programs;
import io.commitbench.storage.lab.LabSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code commitbench campaign run} with {@code campaign.log-on=ssd,hdd}, for real on this host:
 * one plain ext4 layout on a lab disk, a managed PostgreSQL and a managed MariaDB whose log goes
 * on the lab's ssd (profile ssd) in one cell and on its hdd (profile hdd, nbdkit's delay filter)
 * in the next, so each device holds the log of two cells one after the other; every lab device
 * of the smallest size a campaign allows. Each cell's environment.json must place the server's
 * log on the mount of the named lab device, of that profile and measured by the lab, and its
 * data on the layout; with one actor, a commit on the hdd waits for its delayed log write, so
 * those cells measure fewer TX/s than the delay allows and than the ssd's. The tables have
 * every cell; afterwards no mount, loop device, nbdkit or nbdfuse process, lab, layout or
 * instance of the campaign is left. The same campaign with another hdd profile is then refused:
 * its cells would not compare with those kept.
 *
 * <p>Needs root, loop devices, /dev/fuse, nbdkit, nbdfuse, fusermount3 and both servers'
 * programs; skipped with the reason printed otherwise.
 */
class LogOnLabDeviceIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final List<String> LOG_DEVICES = List.of("ssd", "hdd");
  private static final List<String> DBMS = List.of("postgresql", "mariadb");

  private Path base;

  @BeforeEach
  void setUp() throws IOException {
    requirements();
    base = InstanceItSupport.base("log-on-lab-device-it-");
  }

  @AfterEach
  void cleanUp() {
    if (base != null) {
      InstanceItSupport.quietly(() -> InstanceItSupport.deleteTree(base));
    }
  }

  @Test
  @Timeout(value = 6, unit = TimeUnit.MINUTES) // four cells of some seconds and a lab calibrated once
  void eachCellsLogIsOnTheLabDeviceItNames() throws Exception {
    Path output = base.resolve("out");
    Path work = base.resolve("work");
    Commitbench.writeParameterFile(base.resolve("commit.properties"), Map.of("workload", "commit", "users", "1",
        "duration", "2"));
    Path file = base.resolve("campaign.properties");
    Files.writeString(file, String.join("\n",
        "campaign.name=log-on-it",
        "campaign.workload=commit.properties",
        "campaign.dbms=" + String.join(",", DBMS),
        "campaign.layouts=plain/ext4",
        "campaign.log-on=" + String.join(",", LOG_DEVICES),
        "campaign.lab.disk-size=128M",
        "campaign.lab.write-iops=0",
        "campaign.lab.device-size=128M",
        "campaign.lab.ssd-profile=ssd",
        "campaign.lab.hdd-profile=hdd",
        "campaign.output=" + output,
        "campaign.work=" + work, ""));

    long began = System.nanoTime();
    CliResult result = Commitbench.execute(List.of("campaign", "run", file.toString()));
    System.out.println(PREFIX + "campaign run took " + (System.nanoTime() - began) / 1_000_000_000 + " s");
    System.out.println(result.out());
    assertThat(result.exitCode()).as(result.describe()).isZero();
    String md = Files.readString(output.resolve("campaign.md"));
    System.out.println(md);

    Path lab = work.resolve("lab");
    List<String> csv = Files.readAllLines(output.resolve("campaign.csv"));
    assertThat(csv.stream().filter(l -> l.contains(",measured,"))).as(String.join("\n", csv)).hasSize(4);
    for (String dbms : DBMS) {
      Map<String, Double> tps = new HashMap<>();
      for (String device : LOG_DEVICES) {
        String cell = "plain-ext4-log-" + device + "-1d-" + dbms + "-0s";
        assertThat(md).as(md).contains("## plain/ext4 (log on " + device + ")").contains("](cells/" + cell + "/run");
        assertLogOn(output.resolve("cells").resolve(cell).resolve("run/environment.json"), lab, device, work);
        String line = csv.stream().filter(l -> l.contains(",measured,") && l.contains("cells/" + cell + "/"))
            .findFirst().orElseThrow(() -> new AssertionError("no measured line of " + cell + " in " + csv));
        tps.put(device, Double.parseDouble(line.split(",")[7]));
        assertThat(output.resolve("charts/plain-ext4-log-" + device + ".png")).isRegularFile();
      }
      // One actor: each commit waits for its log write, which the hdd's delay filter holds back.
      assertThat(tps.get("hdd")).as(dbms + " TX/s with the log on the hdd")
          .isPositive().isLessThan(1.1 * 1000.0 / DeviceProfile.HDD.writeDelayMillis()).isLessThan(tps.get("ssd"));
    }
    CampaignLeftovers.assertNoneUnder(work);

    // Its cells were measured on these devices: the folder refuses the campaign with another hdd.
    Files.writeString(file, Files.readString(file).replace("hdd-profile=hdd", "hdd-profile=throttle"));
    CliResult otherHdd = Commitbench.execute(List.of("campaign", "run", file.toString()));
    assertThat(otherHdd.exitCode()).as(otherHdd.describe()).isNotZero();
    assertThat(otherHdd.err()).as(otherHdd.describe()).contains("profile throttle").contains("would not compare");
    assertThat(otherHdd.out()).as(otherHdd.describe()).doesNotContain("kept from an earlier run");
  }

  /**
   * The run's environment.json places every log location of the server on the mount of the lab
   * device {@code device}, of that profile and calibrated, and the data directory on the layout.
   */
  private static void assertLogOn(Path environment, Path lab, String device, Path work) throws IOException {
    JsonNode groups = new ObjectMapper().readTree(environment.toFile()).path("groups");
    List<String> logLocations = new ArrayList<>();
    groups.path("log_location").fields().forEachRemaining(e -> {
      if (!e.getValue().path("value").isNull()) {
        logLocations.add(e.getKey());
      }
    });
    assertThat(logLocations).as("log locations in " + environment + ": " + groups.path("log_location")).isNotEmpty();
    JsonNode logDevice = groups.path("log_device");
    for (String location : logLocations) {
      String what = location + " in " + environment + ": " + logDevice;
      assertThat(logDevice.path(location + ".mount_point").path("value").asText()).as(what)
          .isEqualTo(lab.resolve(device).toString());
      assertThat(logDevice.path(location + ".lab_device").path("value").asText()).as(what)
          .isEqualTo(device + " of lab " + LabSpec.idFor(lab) + " at " + lab);
      assertThat(logDevice.path(location + ".lab_profile").path("value").asText()).as(what).isEqualTo(device);
      assertThat(logDevice.path(location + ".lab_fdatasync_p50_us").path("value").isNull())
          .as("the lab measured its " + device + ": " + what).isFalse();
    }
    assertThat(groups.path("server").path("data_directory").path("value").asText()).as("the data stays on the layout")
        .startsWith(work.resolve("layout").toString());
  }



  private static void requirements() throws IOException {
    String reason = null;
    List<String> missing = Stream.of("losetup", "mkfs.ext4", "nbdkit", "nbdfuse", "fusermount3")
        .filter(t -> Programs.find(t).isEmpty()).toList();
    if (!"root".equals(System.getProperty("user.name"))) {
      reason = "not root: loop devices, mounts and managed instances need root";
    } else if (!Files.exists(Path.of("/dev/loop-control"))) {
      reason = "no /dev/loop-control: this kernel has no loop devices";
    } else if (!Files.exists(Path.of("/dev/fuse"))) {
      reason = "no /dev/fuse: the lab's profiles hdd and ssd expose their images through FUSE (nbdfuse)";
    } else if (!missing.isEmpty()) {
      reason = "missing " + String.join(", ", missing) + " (Debian packages nbdkit, libnbd-bin, fuse3)";
    } else {
      reason = InstanceItSupport.missing("postgresql");
      if (reason == null) {
        reason = InstanceItSupport.missing("mariadb");
      }
    }
    if (reason != null) {
      System.out.println(PREFIX + "LogOnLabDeviceIT skipped: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
  }
}
