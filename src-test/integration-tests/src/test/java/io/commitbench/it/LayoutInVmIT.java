package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.vm.CommandOutcome;
import io.commitbench.it.vm.GuestLoopDevices;
import io.commitbench.it.vm.GuestScript;
import io.commitbench.it.vm.ThrowawayVm;
import io.commitbench.it.vm.VmResult;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.layout.LayoutFilesystem;
import io.commitbench.storage.layout.LayoutScript;
import io.commitbench.storage.layout.LayoutSpec;
import io.commitbench.storage.layout.VolumeManager;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The storage agent's own layout commands ({@link LayoutScript}: apply, snapshots, destroy) run for
 * real in a {@link ThrowawayVm}, for hosts whose kernel has no device-mapper, jfs or vfat: the
 * layouts of the snapshot study (design: storage-agent.md section 7) over the guest's loop devices,
 * with checks between the generated commands. lvm-raid0 with ext4 over one and over three devices
 * and two classic snapshots (the one-device layout is then made and destroyed a second time on the
 * same devices); lvm-thin-raid0 with xfs over three devices and two thin snapshots; plain jfs and
 * plain vfat; lvm-raid0 with jfs and lvm-thin-raid0 with vfat over two devices. All in one boot;
 * each test checks one scenario.
 *
 * <p>A generated command that fails here is a bug of the generator, not of this test: fix it in
 * the storage agent. Skipped with the reason when the VM is unavailable (run
 * {@code scripts/vm/prepare.sh} as root).
 */
class LayoutInVmIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final long MIB = 1L << 20;
  /**
   * The guest's loop devices, sparse in its memory. xfs needs a 300 MiB volume: the thin volume
   * over three gets 304 MiB. Plain vfat gets 512 MiB, a standard FAT32 (at least 65525 clusters of
   * 4 KiB); below that mkfs.fat and fsck.fat warn but work, which the thin vfat (204 MiB) shows.
   */
  private static final long DEVICE_BYTES = 256 * MIB;
  private static final Duration BOOT_LIMIT = Duration.ofSeconds(150);
  private static final int SNAPSHOTS = 2;
  private static final String BEFORE = "before-snapshots";
  private static final String AFTER = "after-snapshots";
  private static final String NOTHING_LEFT = "findmnt -rn -o TARGET";

  private static final Scenario CLASSIC_ONE = new Scenario("lvm-raid0-1-ext4", VolumeManager.LVM_RAID0,
      LayoutFilesystem.EXT4, new GuestLoopDevices(0, 1, DEVICE_BYTES));
  private static final Scenario CLASSIC_THREE = new Scenario("lvm-raid0-3-ext4", VolumeManager.LVM_RAID0,
      LayoutFilesystem.EXT4, new GuestLoopDevices(1, 3, DEVICE_BYTES));
  private static final Scenario THIN_THREE = new Scenario("lvm-thin-raid0-3-xfs", VolumeManager.LVM_THIN_RAID0,
      LayoutFilesystem.XFS, new GuestLoopDevices(4, 3, DEVICE_BYTES));
  private static final Scenario JFS = new Scenario("plain-jfs", VolumeManager.PLAIN, LayoutFilesystem.JFS,
      new GuestLoopDevices(7, 1, DEVICE_BYTES));
  private static final Scenario VFAT = new Scenario("plain-vfat", VolumeManager.PLAIN, LayoutFilesystem.VFAT,
      new GuestLoopDevices(8, 1, 2 * DEVICE_BYTES));
  private static final Scenario CLASSIC_JFS = new Scenario("lvm-raid0-2-jfs", VolumeManager.LVM_RAID0,
      LayoutFilesystem.JFS, new GuestLoopDevices(9, 2, DEVICE_BYTES));
  private static final Scenario THIN_VFAT = new Scenario("lvm-thin-raid0-2-vfat", VolumeManager.LVM_THIN_RAID0,
      LayoutFilesystem.VFAT, new GuestLoopDevices(11, 2, DEVICE_BYTES));

  private static Optional<String> unavailable;
  private static VmResult result;

  @BeforeAll
  static void runAllScenariosInOneBoot() throws Exception {
    unavailable = ThrowawayVm.unavailableReason();
    if (unavailable.isPresent()) {
      System.out.println(PREFIX + "LayoutInVmIT skipped: " + unavailable.get());
      return; // each test reports itself skipped, so the skips show in the counts
    }
    List<GuestScript> scripts = List.of(
        CLASSIC_ONE.script(snapshotScenario(CLASSIC_ONE, true)),
        CLASSIC_THREE.script(snapshotScenario(CLASSIC_THREE, false)),
        THIN_THREE.script(snapshotScenario(THIN_THREE, false)),
        JFS.script(roundTripScenario(JFS)),
        VFAT.script(roundTripScenario(VFAT)),
        CLASSIC_JFS.script(snapshotScenario(CLASSIC_JFS, false)),
        THIN_VFAT.script(snapshotScenario(THIN_VFAT, false)));

    ThrowawayVm vm = ThrowawayVm.prepared();
    result = vm.runScripts(scripts, BOOT_LIMIT);
    System.out.println(PREFIX + "VM (kernel " + vm.kernelRelease() + "): ready after "
        + result.readyAfter().map(LayoutInVmIT::seconds).orElse("-") + ", last command done at "
        + result.guestUptimeAtEnd().map(LayoutInVmIT::seconds).orElse("-") + " guest uptime, "
        + seconds(result.wallTime()) + " on the host; exit status " + result.exitStatus()
        + result.problem().map(p -> "; " + p).orElse(""));
    for (GuestScript script : scripts) {
      List<CommandOutcome> commands = result.script(script.name());
      System.out.println(PREFIX + "  " + script.name() + ": "
          + commands.stream().filter(CommandOutcome::succeeded).count() + " of " + commands.size()
          + " commands succeeded");
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
  void lvmRaid0OverOneDeviceWithTwoClassicSnapshotsThenAgainOnTheSameDevice() {
    assertClassicLayout(CLASSIC_ONE);
    // The second apply's data volume lies where the first one's was: lvcreate finds the old ext4
    // and, told -y, wipes it instead of asking (there is no terminal to answer).
    List<CommandOutcome> dataVolumes = commands(CLASSIC_ONE, "lvcreate -y -l 80%FREE -n data ");
    assertThat(dataVolumes).as("the data volume made twice").hasSize(2);
    assertThat(dataVolumes.get(1).output()).as("second lvcreate\n%s", transcript(CLASSIC_ONE))
        .contains("Wiping ext4 signature on " + CLASSIC_ONE.spec.volume());
    assertNothingLeft(CLASSIC_ONE, 2);
  }

  @Test
  void lvmRaid0OverThreeDevicesWithTwoClassicSnapshots() {
    assertClassicLayout(CLASSIC_THREE);
    assertNothingLeft(CLASSIC_THREE, 1);
  }

  @Test
  void lvmThinRaid0OverThreeDevicesWithTwoThinSnapshots() {
    assertThinLayout(THIN_THREE);
    assertNothingLeft(THIN_THREE, 1);
  }

  @Test
  void plainJfs() {
    assertRoundTrip(JFS);
    assertNothingLeft(JFS, 1);
  }

  @Test
  void plainVfatWithFourKibSectors() {
    assertRoundTrip(VFAT);
    assertThat(command(VFAT, "fsck.fat ").output()).contains("4096 bytes per logical sector");
    assertNothingLeft(VFAT, 1);
  }

  @Test
  void lvmRaid0OverTwoDevicesWithJfsAndTwoClassicSnapshots() {
    assertClassicLayout(CLASSIC_JFS);
    assertNothingLeft(CLASSIC_JFS, 1);
  }

  @Test
  void lvmThinRaid0OverTwoDevicesWithVfatAndTwoThinSnapshots() {
    assertThinLayout(THIN_VFAT);
    assertNothingLeft(THIN_VFAT, 1);
  }

  // --- the scenarios: the agent's commands with checks between them -----------------------------

  /**
   * One layout on its own loop devices, built from a spec the way the agent builds it: root
   * {@code /tmp/layout-NAME} in the guest, the VG {@code cb_NAME} (the name's '-' included, which
   * device-mapper escapes), a thin volume of the size {@code Layout} would derive from the devices.
   */
  record Scenario(String name, LayoutSpec spec, GuestLoopDevices loops) {

    Scenario(String name, VolumeManager manager, LayoutFilesystem fs, GuestLoopDevices loops) {
      this(name, specFor(name, manager, fs, loops), loops);
    }

    private static LayoutSpec specFor(String name, VolumeManager manager, LayoutFilesystem fs, GuestLoopDevices loops) {
      LayoutSpec spec = new LayoutSpec(Path.of("/tmp/layout-" + name), name, manager, fs,
          loops.devices().stream().map(Path::of).toList());
      return manager == VolumeManager.LVM_THIN_RAID0
          ? spec.withThinVolumeBytes(LayoutSpec.defaultThinVolumeBytes(loops.count() * loops.bytes())) : spec;
    }

    /** The commands between the making and the removal of the loop devices. */
    GuestScript script(List<String> commands) {
      List<String> all = new ArrayList<>(loops.setupCommands());
      all.addAll(commands);
      all.addAll(loops.teardownCommands());
      return new GuestScript(name, all);
    }

    String data(String file) {
      return spec.dataDir().resolve(file).toString();
    }

    /** Snapshot {@code number} as the agent names it: {@code cb_ID/snapN}. */
    String snapshotLocation(int number) {
      return spec.snapshotLocation(number);
    }

    /** Its device node, {@code /dev/cb_ID/snapN}. */
    String snapshotDevice(int number) {
      return "/dev/" + snapshotLocation(number);
    }
  }

  /**
   * apply; a file; the two snapshots of one call; a file; lvs (with the group's free space); each
   * snapshot mounted read-only holds the first file and not the second (thin snapshots skip
   * activation, so the check activates them); destroy; nothing left. With {@code again}, apply and
   * destroy once more on the same devices.
   */
  static List<String> snapshotScenario(Scenario s, boolean again) {
    LayoutSpec spec = s.spec;
    String vg = spec.volumeGroup();
    List<String> commands = new ArrayList<>(shell(LayoutScript.apply(spec)));
    commands.add(write(s.data(BEFORE), 4));
    commands.addAll(shell(LayoutScript.snapshots(spec, SNAPSHOTS)));
    commands.add(write(s.data(AFTER), 4));
    commands.add("lvs -a --noheadings --separator : --units b --nosuffix "
        + "-o lv_name,pool_lv,origin,data_percent,lv_attr,stripes,lv_size,vg_free " + vg);
    commands.add("findmnt -n -o FSTYPE " + spec.mountPoint());
    if (spec.manager() == VolumeManager.LVM_THIN_RAID0) {
      commands.add("lvchange -ay -K "
          + String.join(" ", IntStream.rangeClosed(1, SNAPSHOTS).mapToObj(s::snapshotLocation).toList()));
    }
    for (int n = 1; n <= SNAPSHOTS; n++) {
      commands.add(snapshotHolds(s, n));
    }
    commands.addAll(shell(LayoutScript.destroy(spec, SNAPSHOTS)));
    commands.add(nothingLeft(spec));
    if (again) {
      commands.addAll(shell(LayoutScript.apply(spec)));
      commands.addAll(shell(LayoutScript.destroy(spec, 0)));
      commands.add(nothingLeft(spec));
    }
    return commands;
  }

  /**
   * apply; a line in a file; unmount and mount again with the layout's own mount command (vfat:
   * fsck in between); read it back; destroy; nothing left.
   */
  static List<String> roundTripScenario(Scenario s) {
    LayoutSpec spec = s.spec;
    List<Command> apply = LayoutScript.apply(spec);
    List<String> commands = new ArrayList<>(shell(apply));
    commands.add("echo 'written on " + spec.filesystem().label() + "' > " + s.data("probe.txt") + " && sync");
    commands.add("findmnt -n -o FSTYPE " + spec.mountPoint());
    commands.add("umount " + spec.mountPoint());
    if (spec.filesystem() == LayoutFilesystem.VFAT) {
      commands.add("fsck.fat -n -v " + spec.volume());
    }
    commands.add(apply.stream().filter(c -> c.argv().get(0).equals("mount")).findFirst().orElseThrow().display());
    commands.add("cat " + s.data("probe.txt"));
    commands.addAll(shell(LayoutScript.destroy(spec, 0)));
    commands.add(nothingLeft(spec));
    return commands;
  }

  /**
   * Mounts snapshot {@code number} read-only beside the layout; passes when it holds the file
   * written before the snapshots and not the one after. The snapshot is a copy of a mounted
   * filesystem: ext4 and xfs are told to leave their logs alone, xfs that the UUID is the origin's.
   */
  private static String snapshotHolds(Scenario s, int number) {
    String options = switch (s.spec.filesystem()) {
      case EXT4 -> "ro,noload";
      case XFS -> "ro,nouuid,norecovery";
      default -> "ro";
    };
    String mnt = "/tmp/snapshot-" + s.name + "-" + number;
    String data = mnt + "/" + s.spec.mountPoint().relativize(s.spec.dataDir());
    return "mkdir -p " + mnt + " && mount -o " + options + " " + s.snapshotDevice(number) + " " + mnt
        + " && { test -e " + data + "/" + BEFORE + " && test ! -e " + data + "/" + AFTER
        + "; status=$?; umount " + mnt + "; rmdir " + mnt + "; exit $status; }";
  }

  /**
   * One read-only command that lists what could be left of the layout after destroy (asserted by
   * {@link #assertNothingLeft}): mounts, signatures on its devices (wipefs lists none when blank),
   * its mount point; for LVM its physical volumes and volume group (pvs shows both) and its
   * device-mapper devices. It fails when its mount point is still there.
   */
  static String nothingLeft(LayoutSpec spec) {
    String devices = String.join(" ", spec.devices().stream().map(Path::toString).toList());
    return NOTHING_LEFT + " && wipefs --noheadings " + devices
        + (spec.manager().usesLvm() ? " && pvs --noheadings -o pv_name,vg_name && dmsetup ls" : "")
        + " && test ! -e " + spec.mountPoint();
  }

  private static List<String> shell(List<Command> commands) {
    return commands.stream().map(Command::display).toList();
  }

  private static String write(String file, int mib) {
    return "dd if=/dev/urandom of=" + file + " bs=1M count=" + mib + " conv=fsync status=none";
  }

  // --- assertions ---------------------------------------------------------------------------------

  /** Striped data volume; two classic snapshots of it that share the group's free space equally. */
  private static void assertClassicLayout(Scenario s) {
    assertAllSucceeded(s);
    Map<String, List<String>> lvs = lvs(s);
    // lv_name:pool_lv:origin:data_percent:lv_attr:stripes:lv_size:vg_free (bytes)
    assertThat(lvs.get("data")).as("data in lvs\n%s", transcript(s)).isNotNull();
    assertThat(lvs.get("data").get(3)).as("origin attributes").startsWith("o");
    assertThat(lvs.get("data").get(4)).as("stripes of data").isEqualTo(Integer.toString(s.spec.devices().size()));
    List<Long> sizes = new ArrayList<>();
    for (int n = 1; n <= SNAPSHOTS; n++) {
      List<String> snap = lvs.get("snap" + n);
      assertThat(snap).as("snap%d in lvs\n%s", n, transcript(s)).isNotNull();
      assertThat(snap.get(1)).as("origin of snap%d", n).isEqualTo("data");
      assertThat(snap.get(3)).as("snap%d attributes", n).startsWith("s");
      // Both taken before the second file was written: each copied blocks, none filled up.
      assertThat(percent(snap.get(2))).as("snap%d usage", n).isGreaterThan(0).isLessThan(100);
      sizes.add(Long.parseLong(snap.get(5)));
    }
    // The copy-on-write areas share all of the free space, the last taking what is left.
    assertThat(Math.abs(sizes.get(0) - sizes.get(1))).as("snapshot sizes %s", sizes)
        .isLessThanOrEqualTo(LayoutSpec.EXTENT_BYTES);
    assertThat(lvs.get("data").get(6)).as("the group's free space after the snapshots").isEqualTo("0");
    assertThat(fsType(s)).isEqualTo(s.spec.filesystem().label());
  }

  /** A striped pool, the thin volume of the given size, two thin snapshots that skip activation. */
  private static void assertThinLayout(Scenario s) {
    assertAllSucceeded(s);
    Map<String, List<String>> lvs = lvs(s);
    assertThat(lvs.get("pool")).as("the pool in lvs\n%s", transcript(s)).isNotNull();
    assertThat(lvs.get("pool").get(3)).as("pool attributes").startsWith("t");
    assertThat(percent(lvs.get("pool").get(2))).as("pool usage").isGreaterThan(0).isLessThan(100);
    assertThat(lvs.get("[pool_tdata]")).as("the pool's data LV in lvs -a\n%s", transcript(s)).isNotNull();
    assertThat(lvs.get("[pool_tdata]").get(4)).as("stripes of the pool's data")
        .isEqualTo(Integer.toString(s.spec.devices().size()));
    assertThat(lvs.get("data").subList(0, 2)).as("thin volume: pool, origin").containsExactly("pool", "");
    assertThat(Long.parseLong(lvs.get("data").get(5))).as("thin volume size").isEqualTo(s.spec.thinVolumeBytes().get());
    for (int n = 1; n <= SNAPSHOTS; n++) {
      List<String> snap = lvs.get("snap" + n);
      assertThat(snap).as("snap%d in lvs\n%s", n, transcript(s)).isNotNull();
      assertThat(snap.subList(0, 2)).as("snap%d: pool, origin", n).containsExactly("pool", "data");
      // As made: a thin volume (V), not active (5th '-'), activation skipped (10th 'k').
      assertThat(snap.get(3)).as("snap%d attributes", n).matches("V...-....k");
    }
    assertThat(fsType(s)).isEqualTo(s.spec.filesystem().label());
  }

  private static void assertRoundTrip(Scenario s) {
    assertAllSucceeded(s);
    assertThat(fsType(s)).isEqualTo(s.spec.filesystem().label());
    assertThat(command(s, "cat ").outputLines()).containsExactly("written on " + s.spec.filesystem().label());
  }

  /**
   * After each destroy ({@code destroys} of them) the {@link #nothingLeft} listing succeeded and no
   * line of it names the layout's root, volume group, device-mapper devices or devices.
   */
  private static void assertNothingLeft(Scenario s, int destroys) {
    LayoutSpec spec = s.spec;
    List<String> names = List.of(spec.root().toString(), spec.volumeGroup(),
        spec.volumeGroup().replace("-", "--") + "-");
    List<Pattern> devices = spec.devices().stream()
        .map(d -> Pattern.compile("(^|\\s)" + Pattern.quote(d.toString()) + "(\\s|$)")).toList();
    List<CommandOutcome> listings = commands(s, NOTHING_LEFT);
    assertThat(listings).as("listings after destroy in %s", s.name).hasSize(destroys);
    for (CommandOutcome listing : listings) {
      assertThat(listing.succeeded()).as("%s\n%s", listing.command(), transcript(s)).isTrue();
      assertThat(listing.outputLines()).as("the guest's other mounts, so findmnt did list").contains("/scratch");
      assertThat(listing.outputLines()).as("left after destroy\n%s", transcript(s))
          .noneMatch(line -> names.stream().anyMatch(line::contains))
          .noneMatch(line -> devices.stream().anyMatch(d -> d.matcher(line).find()));
    }
  }

  private static void assertAllSucceeded(Scenario s) {
    List<String> failed = result.script(s.name).stream().filter(c -> !c.succeeded())
        .map(c -> c.number() + ": " + c.command() + (c.status().isPresent() ? " [exit " + c.status().getAsInt() + "]"
            : " [did not end]"))
        .toList();
    assertThat(failed).as("commands of %s that failed or did not run\n%s", s.name, transcript(s)).isEmpty();
  }

  /** The {@code lvs --separator :} output: LV name to its other columns (a name listed twice: its first row). */
  private static Map<String, List<String>> lvs(Scenario s) {
    return command(s, "lvs ").outputLines().stream().filter(line -> line.contains(":"))
        .map(line -> line.split(":", -1))
        .collect(Collectors.toMap(columns -> columns[0].strip(),
            columns -> Arrays.stream(columns).skip(1).map(String::strip).toList(), (first, again) -> first,
            LinkedHashMap::new));
  }

  private static CommandOutcome command(Scenario s, String prefix) {
    return result.command(s.name, prefix);
  }

  private static List<CommandOutcome> commands(Scenario s, String prefix) {
    return result.script(s.name).stream().filter(c -> c.command().startsWith(prefix)).toList();
  }

  private static String fsType(Scenario s) {
    return String.join("\n", command(s, "findmnt -n -o FSTYPE ").outputLines());
  }

  private static String transcript(Scenario s) {
    return result.transcript(s.name);
  }

  private static double percent(String column) {
    return column.isEmpty() ? 0 : Double.parseDouble(column);
  }

  private static String seconds(Duration d) {
    return String.format("%.1f s", d.toMillis() / 1000.0);
  }
}
