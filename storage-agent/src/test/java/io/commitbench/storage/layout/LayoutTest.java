package io.commitbench.storage.layout;

import io.commitbench.core.host.BlockDevice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.host.MountInfo;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Apply, snapshot and destroy against {@link FakeLayoutHost}, which plays the commands on a model:
 * for LVM on a host without device-mapper this is the check outside the VM (LayoutInVmIT); btrfs,
 * ext4 and xfs run for real in StorageLayoutIT.
 */
class LayoutTest {

  @TempDir Path dir;
  private FakeLayoutHost host;
  private Path root;
  private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

  @BeforeEach
  void setUp() throws IOException {
    host = new FakeLayoutHost(dir);
    root = dir.resolve("layout");
  }

  private PrintStream out() {
    return new PrintStream(progress, true, StandardCharsets.UTF_8);
  }

  private LayoutSpec spec(VolumeManager manager, LayoutFilesystem fs, List<Path> devices) {
    return new LayoutSpec(root, "t1", manager, fs, devices);
  }

  private List<Path> devices(int n, long mib) {
    return Stream.iterate(1, i -> i + 1).limit(n).map(i -> host.device("loop" + i, mib)).toList();
  }

  private static List<String> lines(List<Command> commands) {
    return commands.stream().map(Command::display).toList();
  }

  private JournalReader.Contents journal(String operation) throws IOException {
    try (Stream<Path> files = Files.list(root.resolve("journal"))) {
      Path file = files.filter(f -> f.getFileName().toString().startsWith("layout-" + operation + "-")).sorted()
          .reduce((a, b) -> b).orElseThrow();
      return JournalReader.read(file);
    }
  }

  @Test
  void applyRunsExactlyTheScriptWithTheDerivedThinSizeAndRecordsEveryPart() throws Exception {
    List<Path> three = devices(3, 256);
    LayoutSpec spec = spec(VolumeManager.LVM_THIN_RAID0, LayoutFilesystem.XFS, three);

    LayoutState state = Layout.apply(spec, false, host, out(), host);

    LayoutSpec sized = spec.withThinVolumeBytes(304L << 20);
    assertThat(host.commands).containsExactlyElementsOf(lines(LayoutScript.apply(sized)));
    assertThat(host.commands).contains("lvcreate -y -V 304m -T cb_t1/pool -n data");
    assertThat(state.complete()).isTrue();
    assertThat(state.spec()).isEqualTo(sized);
    assertThat(state.made()).containsExactlyElementsOf(LayoutPart.of(VolumeManager.LVM_THIN_RAID0));
    assertThat(LayoutState.read(root)).contains(state);
    assertThat(state.dataDir()).isEqualTo(root.resolve("mnt/data")).isDirectory();
    assertThat(host.lvs).containsExactlyInAnyOrder("cb_t1/pool", "cb_t1/data");
    JournalReader.Contents journal = journal("apply");
    assertThat(journal.completed()).isTrue();
    assertThat(journal.steps().stream().map(e -> e.text()).toList()).contains(
        "recorded before making: thin pool", "made thin pool", "made data directory", "layout made");
  }

  @Test
  void snapshotsAreRecordedAndDestroyRemovesThemFirstThenEverything() throws Exception {
    List<Path> two = devices(2, 256);
    Layout.apply(spec(VolumeManager.LVM_RAID0, LayoutFilesystem.EXT4, two), false, host, out(), host);
    host.commands.clear();

    LayoutState three = Layout.takeSnapshots(root, 3, host, out(), host);

    assertThat(host.commands).containsExactly(
        "lvcreate -y -s -l 33%FREE -n snap1 cb_t1/data",
        "lvcreate -y -s -l 50%FREE -n snap2 cb_t1/data",
        "lvcreate -y -s -l 100%FREE -n snap3 cb_t1/data");
    assertThreeSnapshots(three, "lvm-classic");
    assertThat(three.snapshots()).extracting(LayoutSnapshot::name).containsExactly("snap1", "snap2", "snap3");
    assertThat(LayoutState.read(root)).contains(three);
    host.commands.clear();

    Layout.destroy(root, host, out(), host);

    assertThat(host.commands).containsExactlyElementsOf(lines(LayoutScript.destroy(three.spec(), 3)));
    assertThat(host.lvs).isEmpty();
    assertThat(host.vgs).isEmpty();
    assertThat(host.pvs).isEmpty();
    assertThat(host.mounts).isEmpty();
    assertThat(root.resolve("mnt")).doesNotExist();
    assertThat(root.resolve(LayoutState.FILE)).doesNotExist();
    assertThat(journal("destroy").completed()).isTrue();
  }

  /**
   * A second call's {@code lvcreate -s -l 100%FREE} would fail ("Calculated size of logical volume
   * is 0 extents"): the first call's snapshots hold all the free space. So it is refused up front.
   */
  @Test
  void moreClassicSnapshotsAfterSomeWereTakenAreRefusedBeforeAnythingRuns() throws Exception {
    Layout.apply(spec(VolumeManager.LVM_RAID0, LayoutFilesystem.EXT4, devices(2, 256)), false, host, out(), host);
    LayoutState two = Layout.takeSnapshots(root, 2, host, out(), host);
    host.commands.clear();

    String why = "classic LVM snapshots are all taken in one call: the copy-on-write areas of that call's snapshots "
        + "share all of volume group cb_t1's free space (the last takes what is left), so after the 2 taken there is "
        + "none for another; destroy the layout, apply it again and take every snapshot wanted in one call";
    assertThatThrownBy(() -> Layout.takeSnapshots(root, 1, host, out(), host)).isInstanceOf(RefusedException.class)
        .hasMessageContaining(why);
    assertThatThrownBy(() -> Layout.planSnapshots(root, 1)).isInstanceOf(RefusedException.class)
        .hasMessage(why + " (layout at " + root + ")");
    assertThat(host.commands).isEmpty();
    assertThat(LayoutState.read(root)).contains(two);
    assertThat(Layout.takeSnapshots(root, 0, host, out(), host)).isEqualTo(two);
  }

  @Test
  void thinSnapshotsOfALaterCallAreNumberedAfterThoseTaken() throws Exception {
    Layout.apply(spec(VolumeManager.LVM_THIN_RAID0, LayoutFilesystem.XFS, devices(3, 256)), false, host, out(),
        host);
    host.commands.clear();

    Layout.takeSnapshots(root, 1, host, out(), host);
    LayoutState three = Layout.takeSnapshots(root, 2, host, out(), host);

    assertThreeSnapshots(three, "lvm-thin");
    assertThat(host.commands).as("thin snapshots take no size").containsExactly(
        "lvcreate -y -s -n snap1 cb_t1/data", "lvcreate -y -s -n snap2 cb_t1/data", "lvcreate -y -s -n snap3 cb_t1/data");
  }

  /** snap1..snap3 of volume group cb_t1, all of one kind. */
  private static void assertThreeSnapshots(LayoutState layout, String kind) {
    assertThat(layout.snapshots()).extracting(LayoutSnapshot::location)
        .containsExactly("cb_t1/snap1", "cb_t1/snap2", "cb_t1/snap3");
    assertThat(layout.snapshots()).allMatch(s -> s.kind().equals(kind));
  }

  @Test
  void btrfsRaid0SnapshotsAreSubvolumesAndDestroyLeavesTheDevicesBlank() throws Exception {
    List<Path> three = devices(3, 256);
    LayoutSpec spec = spec(VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS, three);
    Layout.apply(spec, false, host, out(), host);
    assertThat(host.signatures.get(three.get(2))).containsExactly("btrfs at 0x10040");

    Layout.takeSnapshots(root, 2, host, out(), host);
    assertThat(root.resolve("mnt/snap2")).isDirectory();
    host.commands.clear();
    Layout.destroy(root, host, out(), host);

    assertThat(host.commands).containsExactlyElementsOf(lines(LayoutScript.destroy(spec, 2)));
    assertThat(host.probes).contains("btrfs subvolume show " + root.resolve("mnt/snap2"));
    assertThat(host.signatures.values()).allMatch(List::isEmpty);
  }

  @Test
  void applyFailingHalfWayRemovesWhatWasMadeInReverse() throws Exception {
    List<Path> two = devices(2, 512);
    host.failOn = "mkfs.xfs";

    assertThatThrownBy(() -> Layout.apply(spec(VolumeManager.LVM_RAID0, LayoutFilesystem.XFS, two), false, host, out(),
        host)).hasMessageContaining("mkfs.xfs");

    assertThat(host.commands).containsExactly(
        "pvcreate /dev/loop1 /dev/loop2",
        "vgcreate -s 4M cb_t1 /dev/loop1 /dev/loop2",
        "lvcreate -y -i 2 -I 64k -l 80%FREE -n data cb_t1",
        "mkfs.xfs -f -b size=4096 /dev/cb_t1/data",
        "lvremove -y cb_t1/data",
        "vgremove -y cb_t1",
        "pvremove -y /dev/loop1 /dev/loop2");
    assertThat(root.resolve(LayoutState.FILE)).doesNotExist();
    assertThat(host.pvs).isEmpty();
    JournalReader.Contents journal = journal("apply");
    assertThat(journal.completed()).isFalse();
    assertThat(journal.outcome()).hasValueSatisfying(o -> assertThat(o).startsWith("failed:")
        .endsWith("removed what was made"));
  }

  @Test
  void destroyAfterAHalfMadeLayoutRemovesOnlyWhatIsThere() throws Exception {
    List<Path> two = devices(2, 256);
    LayoutSpec spec = spec(VolumeManager.LVM_RAID0, LayoutFilesystem.EXT4, two);
    // As a crash during vgcreate leaves it: both parts recorded, one PV made, no volume group.
    LayoutState crashed = new LayoutState(spec, Instant.EPOCH, false,
        EnumSet.of(LayoutPart.PHYSICAL_VOLUMES, LayoutPart.VOLUME_GROUP), List.of());
    Files.createDirectories(root);
    Files.write(root.resolve(LayoutState.FILE), LayoutStateJson.write(crashed));
    host.pvs.add("/dev/loop2");

    assertThat(Layout.planDestroy(root).render(Plan.Mode.DRY_RUN)).contains("        vgremove -y cb_t1",
        "        pvremove -y /dev/loop1 /dev/loop2");
    Layout.destroy(root, host, out(), host);

    assertThat(host.commands).containsExactly("pvremove -y /dev/loop2");
    assertThat(host.probes).containsExactly("vgs cb_t1", "pvs /dev/loop1", "pvs /dev/loop2");
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains("cb_t1 is not there (any more)",
        "/dev/loop1 is not an LVM physical volume (any more)");
    assertThat(root.resolve(LayoutState.FILE)).doesNotExist();
  }

  @Test
  void destroyLeavesAMountThatIsNotTheLayoutsAlone() throws Exception {
    Path d = devices(1, 64).get(0);
    Layout.apply(spec(VolumeManager.PLAIN, LayoutFilesystem.EXT4, List.of(d)), false, host, out(), host);
    host.mounts.clear();
    host.mounts.add(new MountInfo(root.resolve("mnt"), "0:50", "/", "tmpfs", "tmpfs", "rw", "rw"));
    host.commands.clear();

    Layout.destroy(root, host, out(), host);

    assertThat(host.commands).containsExactly("wipefs -a " + d);
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains(
        root.resolve("mnt") + " has something else mounted; left alone",
        root.resolve("mnt") + " has something mounted; left alone");
  }

  @Test
  void everyDeviceProblemIsReportedAtOnceAndNothingIsChanged() throws Exception {
    Path blank = host.device("loop1", 256);
    Path used = host.device("loop2", 256);
    host.signatures.get(used).addAll(List.of("ext4 at 0x438"));
    Path mounted = host.device("loop3", 256);
    host.mounts.add(new MountInfo(Path.of("/srv"), host.devices.get(mounted).majorMinor(), "/", "ext4", mounted.toString(),
        "rw", "rw"));
    Path heldPath = host.device("loop4", 256);
    BlockDevice held = host.devices.get(heldPath);
    host.device(heldPath, FakeLayoutHost.blank("loop4", held.majorMinor(), 256 << 20, List.of("dm-0")));
    Path file = Files.writeString(dir.resolve("plain-file"), "x");
    LayoutSpec spec = spec(VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS,
        List.of(blank, used, mounted, heldPath, file));

    assertThatThrownBy(() -> Layout.apply(spec, false, host, out(), host)).isInstanceOf(RefusedException.class)
        .isNotInstanceOf(UnsupportedOnHostException.class)
        .hasMessageContaining("nothing was changed")
        .hasMessageContaining("/dev/loop2 carries ext4 at 0x438; give --overwrite to erase it")
        .hasMessageContaining("/dev/loop3 is mounted at /srv")
        .hasMessageContaining("/dev/loop4 is held by dm-0")
        .hasMessageContaining(file + " is not a block device")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("/dev/loop1"));
    assertThat(host.commands).isEmpty();
    assertThat(root).doesNotExist();
  }

  @Test
  void overwriteErasesTheSignaturesFirstButNeverAllowsAMountedDevice() throws Exception {
    Path used = host.device("loop1", 256);
    host.signatures.get(used).add("xfs at 0x0");
    LayoutSpec spec = spec(VolumeManager.LVM_RAID0, LayoutFilesystem.EXT4, List.of(used));

    assertThat(String.join("\n", Layout.plan(spec, true, host).render(Plan.Mode.DRY_RUN)))
        .contains("erase the signatures found on [/dev/loop1] (--overwrite)", "        wipefs -a /dev/loop1");
    Layout.apply(spec, true, host, out(), host);

    assertThat(host.commands.subList(0, 2)).containsExactly("wipefs -a /dev/loop1", "pvcreate /dev/loop1");
    assertThat(journal("apply").steps().get(0).text())
        .isEqualTo("erased the signatures the caller allowed to be overwritten");

    Path mounted = host.device("loop9", 256);
    host.mounts.add(new MountInfo(Path.of("/srv"), "0:77", "/", "btrfs", mounted.toString(), "rw", "rw"));
    LayoutSpec other = new LayoutSpec(dir.resolve("other"), "t2", VolumeManager.PLAIN, LayoutFilesystem.EXT4,
        List.of(mounted));
    assertThatThrownBy(() -> Layout.apply(other, true, host, out(), host))
        .hasMessageContaining("/dev/loop9 is mounted at /srv");
  }

  @Test
  void aSecondLayoutOnTheSameRootIsRefused() throws Exception {
    Path d = devices(1, 64).get(0);
    LayoutSpec spec = spec(VolumeManager.PLAIN, LayoutFilesystem.EXT4, List.of(d));
    Layout.apply(spec, false, host, out(), host);
    host.commands.clear();

    assertThatThrownBy(() -> Layout.apply(spec, true, host, out(), host))
        .hasMessageContaining("a layout is already at " + root + " (plain over 1 device, ext4); destroy it first");
    assertThat(host.commands).isEmpty();
  }

  @Test
  void devicesTooSmallOrUnequalForStripingAreRefused() throws Exception {
    LayoutSpec xfs = spec(VolumeManager.PLAIN, LayoutFilesystem.XFS, List.of(host.device("loop1", 128)));
    assertThatThrownBy(() -> Layout.apply(xfs, false, host, out(), host))
        .hasMessageContaining("the volume would have 128 MiB, below the 300 MiB mkfs.xfs needs");
    LayoutSpec btrfs = new LayoutSpec(dir.resolve("b"), "t2", VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS,
        List.of(host.device("loop2", 512), host.device("loop3", 100)));
    assertThatThrownBy(() -> Layout.apply(btrfs, false, host, out(), host))
        .hasMessageContaining("the smallest device has 100 MiB, below the 128 MiB mkfs.btrfs needs on each device");
    LayoutSpec striped = new LayoutSpec(dir.resolve("s"), "t3", VolumeManager.LVM_RAID0, LayoutFilesystem.EXT4,
        List.of(host.device("loop4", 1024), host.device("loop5", 64)));
    assertThatThrownBy(() -> Layout.apply(striped, false, host, out(), host))
        .hasMessageContaining("the smallest (64 MiB) times 2 is less than 80% of all 2 devices (1088 MiB)");
    assertThat(host.commands).isEmpty();
  }

  @Test
  void anUnsupportedHostIsItsOwnRefusalBeforeAnyDeviceIsLookedAt() throws Exception {
    Files.writeString(host.proc.resolve("misc"), "237 loop-control\n");
    Files.writeString(host.proc.resolve("filesystems"), "\text4\n\txfs\n\tbtrfs\n");
    LayoutSpec lvm = spec(VolumeManager.LVM_RAID0, LayoutFilesystem.EXT4, List.of(Path.of("/dev/nothing")));
    assertThatThrownBy(() -> Layout.apply(lvm, false, host, out(), host))
        .isInstanceOf(UnsupportedOnHostException.class)
        .hasMessageStartingWith("unsupported on this host: no device-mapper")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("/dev/nothing"));
    LayoutSpec jfs = spec(VolumeManager.PLAIN, LayoutFilesystem.JFS, List.of(Path.of("/dev/nothing")));
    assertThatThrownBy(() -> Layout.apply(jfs, false, host, out(), host))
        .isInstanceOf(UnsupportedOnHostException.class).hasMessageContaining("does not know the jfs filesystem");
    assertThat(String.join("\n", Layout.plan(jfs, false, host).render(Plan.Mode.DRY_RUN)))
        .contains("mkfs.jfs -q /dev/nothing", "note: unsupported on this host: the kernel does not know the jfs");
    assertThat(host.commands).isEmpty();
  }

  @Test
  void plainLayoutsTakeNoSnapshotsAndZeroIsNothingToDo() throws Exception {
    Path d = devices(1, 64).get(0);
    LayoutState state = Layout.apply(spec(VolumeManager.PLAIN, LayoutFilesystem.EXT4, List.of(d)), false, host, out(),
        host);
    host.commands.clear();

    assertThatThrownBy(() -> Layout.takeSnapshots(root, 1, host, out(), host))
        .isInstanceOf(RefusedException.class).isNotInstanceOf(UnsupportedOnHostException.class)
        .hasMessageStartingWith("unsupported: a plain layout has no snapshot mechanism");
    assertThatThrownBy(() -> Layout.planSnapshots(root, 1)).hasMessageStartingWith(Layout.PLAIN_HAS_NO_SNAPSHOTS);
    assertThat(Layout.unsupportedSnapshotReason(state, 0)).isEmpty();
    assertThat(host.commands).isEmpty();
  }

  @Test
  void snapshotsNeedACompleteMountedLayout() throws Exception {
    List<Path> one = devices(1, 256);
    Layout.apply(spec(VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS, one), false, host, out(), host);
    host.mounts.clear();

    assertThatThrownBy(() -> Layout.takeSnapshots(root, 1, host, out(), host))
        .hasMessageContaining(root.resolve("mnt") + " does not have the layout's filesystem mounted");
    assertThatThrownBy(() -> Layout.takeSnapshots(root, 33, host, out(), host))
        .hasMessageContaining("snapshot count 33 is not allowed; give 0 to 32");
  }

  @Test
  void destroyRefusesWhileTheMountIsInUseAndKillsNothing() throws Exception {
    Path d = devices(1, 64).get(0);
    Layout.apply(spec(VolumeManager.PLAIN, LayoutFilesystem.EXT4, List.of(d)), false, host, out(), host);
    host.users.add("pid 42 (postgres): cwd " + root.resolve("mnt/data/pg"));
    host.commands.clear();

    assertThatThrownBy(() -> Layout.destroy(root, host, out(), host)).isInstanceOf(RefusedException.class)
        .hasMessageContaining(root.resolve("mnt") + " is in use by: pid 42 (postgres)")
        .hasMessageContaining("destroy kills nothing");
    assertThat(host.commands).isEmpty();
    assertThat(LayoutState.read(root)).isPresent();
  }

  @Test
  void planShowsTheCommandsAndNotesAndChangesNothing() throws Exception {
    List<Path> one = devices(1, 256);
    LayoutSpec spec = spec(VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS, one);

    List<String> text = Layout.plan(spec, false, host).render(Plan.Mode.DRY_RUN);

    assertThat(text.get(0)).isEqualTo("Plan: make layout 't1' at " + root + ": btrfs-raid0 over 1 device, btrfs "
        + "(dry run: nothing was changed; add --apply to act)");
    assertThat(text).contains("        mkfs.btrfs -f -d raid0 -m raid0 -s 4096 /dev/loop1",
        "        btrfs subvolume create " + root.resolve("mnt/data"));
    assertThat(String.join("\n", text)).contains("RAID0 over one device: btrfs-progs accepts it",
        "a database's data directory goes in " + root.resolve("mnt/data") + " (a subvolume");
    assertThat(host.commands).isEmpty();
    assertThat(root).doesNotExist();
  }
}
