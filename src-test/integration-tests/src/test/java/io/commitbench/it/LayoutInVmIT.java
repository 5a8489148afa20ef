package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.vm.CommandOutcome;
import io.commitbench.it.vm.GuestLoopDevices;
import io.commitbench.it.vm.GuestScript;
import io.commitbench.it.vm.ThrowawayVm;
import io.commitbench.it.vm.VmResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The storage layouts of the snapshot study (design: storage-agent.md section 7) built for real in
 * a {@link ThrowawayVm}, since this host's kernel has no device-mapper, jfs or vfat: LVM striped
 * over one and over three devices with ext4 and two classic snapshots; a thin pool striped over
 * three devices with xfs and two thin snapshots; jfs and vfat on a device. Each scenario builds the
 * layout, writes, snapshots, checks and takes everything down again. All five run in one boot
 * (about 30 s under this host's software emulation); each test checks one scenario's commands.
 *
 * <p>The scenario command lists are written out here; each goes through {@link #scenario} alone,
 * so they can be swapped for the lists the storage agent generates. Skipped with the reason when
 * the VM is unavailable (run {@code scripts/vm/prepare.sh} as root).
 */
class LayoutInVmIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final long MIB = 1L << 20;
  private static final Duration BOOT_LIMIT = Duration.ofSeconds(150);

  private static final String CLASSIC_ONE = "lvm-classic-1";
  private static final String CLASSIC_THREE = "lvm-classic-3";
  private static final String THIN = "lvm-thin-3";
  private static final String JFS = "jfs";
  private static final String VFAT = "vfat";

  private static Optional<String> unavailable;
  private static VmResult result;

  @BeforeAll
  static void runAllScenariosInOneBoot() throws Exception {
    unavailable = ThrowawayVm.unavailableReason();
    if (unavailable.isPresent()) {
      System.out.println(PREFIX + "LayoutInVmIT skipped: " + unavailable.get());
      return; // each test reports itself skipped, so the skips show in the counts
    }

    // Devices 256 MiB (xfs wants 300 MiB at least, hence the thin volume's size), vfat's 512 MiB:
    // FAT32 with 4 KiB sectors needs 65525 clusters. All sparse in the guest's memory.
    GuestLoopDevices one = new GuestLoopDevices(0, 1, 256 * MIB);
    GuestLoopDevices three = new GuestLoopDevices(1, 3, 256 * MIB);
    GuestLoopDevices thin = new GuestLoopDevices(4, 3, 256 * MIB);
    GuestLoopDevices jfs = new GuestLoopDevices(7, 1, 256 * MIB);
    GuestLoopDevices vfat = new GuestLoopDevices(8, 1, 512 * MIB);
    List<GuestScript> scripts = List.of(
        scenario(CLASSIC_ONE, one, lvmClassicScenario("vgc1", one.devices())),
        scenario(CLASSIC_THREE, three, lvmClassicScenario("vgc3", three.devices())),
        scenario(THIN, thin, lvmThinScenario("vgt3", thin.devices())),
        scenario(JFS, jfs, jfsScenario(jfs.devices().get(0))),
        scenario(VFAT, vfat, vfatScenario(vfat.devices().get(0))));

    ThrowawayVm vm = ThrowawayVm.prepared();
    result = vm.runScripts(scripts, BOOT_LIMIT);
    System.out.println(PREFIX + "VM (kernel " + vm.kernelRelease() + "): ready after "
        + result.readyAfter().map(LayoutInVmIT::seconds).orElse("-") + ", last command done at "
        + result.guestUptimeAtEnd().map(LayoutInVmIT::seconds).orElse("-") + " guest uptime, "
        + seconds(result.wallTime()) + " on the host; exit status " + result.exitStatus()
        + result.problem().map(p -> "; " + p).orElse(""));
    for (GuestScript script : scripts) {
      List<CommandOutcome> commands = result.script(script.name());
      System.out.println(PREFIX + "  " + script.name() + ": " + commands.stream().filter(CommandOutcome::succeeded).count()
          + " of " + commands.size() + " commands succeeded");
    }
    if (!result.succeeded()) {
      System.out.println(result.transcript());
    }
  }

  @BeforeEach
  void vmAvailable() {
    Assumptions.assumeTrue(unavailable.isEmpty(), () -> "throwaway VM unavailable: " + unavailable.get());
  }

  @Test
  void lvmStripedOverOneDeviceWithTwoClassicSnapshots() {
    assertClassicLayout(CLASSIC_ONE, 1);
  }

  @Test
  void lvmStripedOverThreeDevicesWithTwoClassicSnapshots() {
    assertClassicLayout(CLASSIC_THREE, 3);
  }

  @Test
  void thinPoolStripedOverThreeDevicesWithTwoThinSnapshots() {
    assertAllSucceeded(THIN);
    Map<String, List<String>> lvs = lvs(THIN);
    // lv_name:pool_lv:origin:data_percent:lv_attr:stripes, hidden LVs included (lvs -a)
    assertThat(lvs.get("pool")).as("the pool in lvs\n%s", result.transcript(THIN)).isNotNull();
    assertThat(lvs.get("pool").get(3)).as("pool attributes").startsWith("t");
    assertThat(lvs.get("[pool_tdata]")).as("the pool's data LV in lvs -a\n%s", result.transcript(THIN)).isNotNull();
    assertThat(lvs.get("[pool_tdata]").get(4)).as("stripes of the pool's data").isEqualTo("3");
    assertThat(percent(lvs.get("pool").get(2))).as("pool usage").isGreaterThan(0).isLessThan(100);
    assertThat(lvs.get("data").subList(0, 2)).as("thin volume: pool, origin").containsExactly("pool", "");
    for (String snap : List.of("snap1", "snap2")) {
      assertThat(lvs.get(snap)).as("%s in lvs\n%s", snap, result.transcript(THIN)).isNotNull();
      assertThat(lvs.get(snap).subList(0, 2)).as("%s: pool, origin", snap).containsExactly("pool", "data");
      // Thin volume (V), active (a, 5th) after lvchange -K, though it skips activation by default.
      assertThat(lvs.get(snap).get(3)).as("%s attributes", snap).matches("V...a.*");
    }
    assertThat(fsType(THIN)).isEqualTo("xfs");
  }

  @Test
  void jfsOnALoopDevice() {
    assertAllSucceeded(JFS);
    assertThat(fsType(JFS)).isEqualTo("jfs");
    assertThat(result.command(JFS, "cat ").outputLines()).containsExactly("written on jfs");
  }

  @Test
  void vfatWithFourKibSectorsOnALoopDevice() {
    assertAllSucceeded(VFAT);
    assertThat(fsType(VFAT)).isEqualTo("vfat");
    assertThat(result.command(VFAT, "fsck.fat ").output()).contains("4096 bytes per logical sector");
    assertThat(result.command(VFAT, "cat ").outputLines()).containsExactly("written on vfat");
  }

  // --- the scenarios: swap these lists for the storage agent's generated ones -------------------

  /**
   * Wraps one scenario's commands in the making and removal of its loop devices; every scenario
   * goes through here.
   */
  static GuestScript scenario(String name, GuestLoopDevices devices, List<String> commands) {
    List<String> all = new ArrayList<>(devices.setupCommands());
    all.addAll(commands);
    all.addAll(devices.teardownCommands());
    return new GuestScript(name, all);
  }

  /**
   * LVM striped over the devices (linear for one), ext4, a file, snapshot 1, a file, snapshot 2,
   * a file; the snapshots' usage; snapshot 1 mounted read-only holds the first file only; down.
   */
  static List<String> lvmClassicScenario(String vg, List<String> devices) {
    String pvs = String.join(" ", devices);
    String stripes = devices.size() > 1 ? "-i " + devices.size() + " -I 64k " : "";
    String mnt = "/mnt/" + vg;
    return List.of(
        "pvcreate " + pvs,
        "vgcreate -s 4M " + vg + " " + pvs,
        "lvcreate " + stripes + "-l 80%FREE -n data " + vg,
        "mkfs.ext4 -q -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 /dev/" + vg + "/data",
        "mkdir -p " + mnt + " && mount /dev/" + vg + "/data " + mnt,
        write(mnt + "/before-snap1", 4),
        "lvcreate -s -L 16M -n snap1 " + vg + "/data",
        write(mnt + "/before-snap2", 4),
        "lvcreate -s -L 16M -n snap2 " + vg + "/data",
        write(mnt + "/after-snap2", 2),
        "lvs --noheadings --separator : -o lv_name,origin,data_percent,lv_attr,stripes " + vg,
        "findmnt -n -o FSTYPE " + mnt,
        snapshotHolds("/dev/" + vg + "/snap1", "ro,noload", mnt + "-snap1", "before-snap1", "before-snap2"),
        "umount " + mnt,
        "lvremove -y " + vg + "/snap1 " + vg + "/snap2",
        "vgremove -f " + vg,
        "pvremove " + pvs);
  }

  /**
   * A thin pool striped over the devices, a thin volume with xfs, a file, thin snapshot 1, a file,
   * thin snapshot 2; the snapshots activated (thin snapshots skip activation by default); snapshot 1
   * mounted read-only holds the first file only; down.
   */
  static List<String> lvmThinScenario(String vg, List<String> devices) {
    String pvs = String.join(" ", devices);
    String mnt = "/mnt/" + vg;
    return List.of(
        "pvcreate " + pvs,
        "vgcreate -s 4M " + vg + " " + pvs,
        "lvcreate -i " + devices.size() + " -I 64k -L 240M -T " + vg + "/pool",
        "lvcreate -V 320M -T " + vg + "/pool -n data",
        "mkfs.xfs -q -b size=4096 /dev/" + vg + "/data",
        "mkdir -p " + mnt + " && mount /dev/" + vg + "/data " + mnt,
        write(mnt + "/before-snap1", 4),
        "lvcreate -s -n snap1 " + vg + "/data",
        write(mnt + "/before-snap2", 4),
        "lvcreate -s -n snap2 " + vg + "/data",
        "lvchange -ay -K " + vg + "/snap1 " + vg + "/snap2",
        "lvs -a --noheadings --separator : -o lv_name,pool_lv,origin,data_percent,lv_attr,stripes " + vg,
        "findmnt -n -o FSTYPE " + mnt,
        // Same filesystem UUID as the origin, and a log to leave alone: nouuid, norecovery.
        snapshotHolds("/dev/" + vg + "/snap1", "ro,nouuid,norecovery", mnt + "-snap1", "before-snap1", "before-snap2"),
        "umount " + mnt,
        "lvremove -y " + vg + "/snap1 " + vg + "/snap2",
        "vgremove -f " + vg,
        "pvremove " + pvs);
  }

  static List<String> jfsScenario(String device) {
    return fileRoundTrip("mkfs.jfs -q " + device, device, "/mnt/jfs", "written on jfs", List.of());
  }

  static List<String> vfatScenario(String device) {
    return fileRoundTrip("mkfs.vfat -F 32 -S 4096 " + device, device, "/mnt/vfat", "written on vfat",
        List.of("fsck.fat -n -v " + device));
  }

  /** mkfs, mount, write a line, unmount, mount again and read it back, unmount. */
  private static List<String> fileRoundTrip(String mkfs, String device, String mnt, String line, List<String> checks) {
    List<String> commands = new ArrayList<>(List.of(
        mkfs,
        "mkdir -p " + mnt + " && mount " + device + " " + mnt,
        "echo '" + line + "' > " + mnt + "/probe.txt && sync",
        "findmnt -n -o FSTYPE " + mnt,
        "umount " + mnt,
        "mount " + device + " " + mnt,
        "cat " + mnt + "/probe.txt",
        "umount " + mnt));
    commands.addAll(checks);
    return commands;
  }

  private static String write(String file, int mib) {
    return "dd if=/dev/urandom of=" + file + " bs=1M count=" + mib + " conv=fsync status=none";
  }

  /** Mounts a snapshot read-only; passes when it holds {@code present} and not {@code absent}. */
  private static String snapshotHolds(String device, String options, String mnt, String present, String absent) {
    return "mkdir -p " + mnt + " && mount -o " + options + " " + device + " " + mnt
        + " && { test -e " + mnt + "/" + present + " && test ! -e " + mnt + "/" + absent
        + "; status=$?; umount " + mnt + "; exit $status; }";
  }

  // --- assertions ---------------------------------------------------------------------------------

  private static void assertClassicLayout(String script, int stripes) {
    assertAllSucceeded(script);
    Map<String, List<String>> lvs = lvs(script);
    // lv_name:origin:data_percent:lv_attr:stripes
    assertThat(lvs.get("data")).as("data in lvs\n%s", result.transcript(script)).isNotNull();
    assertThat(lvs.get("data").get(2)).as("origin attributes").startsWith("o");
    assertThat(lvs.get("data").get(3)).as("stripes of data").isEqualTo(Integer.toString(stripes));
    for (String snap : List.of("snap1", "snap2")) {
      assertThat(lvs.get(snap)).as("%s in lvs\n%s", snap, result.transcript(script)).isNotNull();
      assertThat(lvs.get(snap).get(0)).as("origin of %s", snap).isEqualTo("data");
      assertThat(lvs.get(snap).get(2)).as("%s attributes", snap).startsWith("s");
      // Written to after each snapshot, so each has copied blocks; 16 MiB not filled up.
      assertThat(percent(lvs.get(snap).get(1))).as("%s usage", snap).isGreaterThan(0).isLessThan(100);
    }
    assertThat(percent(lvs.get("snap1").get(1))).as("snapshot 1 saw more writes than snapshot 2")
        .isGreaterThan(percent(lvs.get("snap2").get(1)));
    assertThat(fsType(script)).isEqualTo("ext4");
  }

  private static void assertAllSucceeded(String script) {
    List<String> failed = result.script(script).stream().filter(c -> !c.succeeded())
        .map(c -> c.number() + ": " + c.command() + (c.status().isPresent() ? " [exit " + c.status().getAsInt() + "]"
            : " [did not end]"))
        .toList();
    assertThat(failed).as("commands of %s that failed or did not run\n%s", script, result.transcript(script)).isEmpty();
  }

  /** The {@code lvs --separator :} output: LV name to its other columns. */
  private static Map<String, List<String>> lvs(String script) {
    return result.command(script, "lvs ").outputLines().stream().filter(line -> line.contains(":"))
        .map(line -> line.split(":", -1))
        .collect(Collectors.toMap(columns -> columns[0].strip(),
            columns -> Arrays.stream(columns).skip(1).map(String::strip).toList()));
  }

  private static String fsType(String script) {
    return String.join("\n", result.command(script, "findmnt ").outputLines());
  }

  private static double percent(String column) {
    return column.isEmpty() ? 0 : Double.parseDouble(column);
  }

  private static String seconds(Duration d) {
    return String.format("%.1f s", d.toMillis() / 1000.0);
  }
}
