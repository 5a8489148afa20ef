package io.commitbench.storage.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.exec.Command;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Command generation only: the exact commands of apply, snapshots and destroy for each manager and
 * the filesystems that matter, including LVM, jfs and vfat, which a host without device-mapper or
 * those filesystems cannot run. They run for real on the host for btrfs, ext4 and xfs
 * (StorageLayoutIT) and in a VM guest for LVM, jfs and vfat (LayoutInVmIT).
 */
class LayoutScriptTest {

  private static final Path ROOT = Path.of("/var/tmp/lay");
  private static final List<Path> ONE = List.of(Path.of("/dev/loop1"));
  private static final List<Path> THREE = List.of(Path.of("/dev/loop1"), Path.of("/dev/loop2"), Path.of("/dev/loop3"));

  private static LayoutSpec spec(VolumeManager manager, LayoutFilesystem fs, List<Path> devices) {
    return new LayoutSpec(ROOT, "t1", manager, fs, devices);
  }

  private static List<String> lines(List<Command> commands) {
    return commands.stream().map(Command::display).toList();
  }

  @Test
  void plainExt4MakesTheFilesystemMountsItAndMakesTheDataDirectory() {
    assertThat(lines(LayoutScript.apply(spec(VolumeManager.PLAIN, LayoutFilesystem.EXT4, ONE)))).containsExactly(
        "mkfs.ext4 -F -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 /dev/loop1",
        "mkdir -p /var/tmp/lay/mnt",
        "mount -t ext4 /dev/loop1 /var/tmp/lay/mnt",
        "chmod 755 /var/tmp/lay/mnt",
        "mkdir /var/tmp/lay/mnt/data",
        "chmod 755 /var/tmp/lay/mnt/data");
  }

  @Test
  void eachFilesystemGetsTheStudysMkfsOptions() {
    assertThat(LayoutScript.apply(spec(VolumeManager.PLAIN, LayoutFilesystem.XFS, ONE)).get(0).display())
        .isEqualTo("mkfs.xfs -f -b size=4096 /dev/loop1");
    assertThat(LayoutScript.apply(spec(VolumeManager.PLAIN, LayoutFilesystem.BTRFS, ONE)).get(0).display())
        .isEqualTo("mkfs.btrfs -f -s 4096 /dev/loop1");
    assertThat(LayoutScript.apply(spec(VolumeManager.PLAIN, LayoutFilesystem.JFS, ONE)).get(0).display())
        .isEqualTo("mkfs.jfs -q /dev/loop1");
    assertThat(LayoutScript.apply(spec(VolumeManager.PLAIN, LayoutFilesystem.VFAT, ONE)).get(0).display())
        .isEqualTo("mkfs.vfat -F 32 -S 4096 /dev/loop1");
  }

  @Test
  void vfatHasNoChmodBecauseItKeepsNoModes() {
    assertThat(lines(LayoutScript.apply(spec(VolumeManager.PLAIN, LayoutFilesystem.VFAT, ONE)))).containsExactly(
        "mkfs.vfat -F 32 -S 4096 /dev/loop1",
        "mkdir -p /var/tmp/lay/mnt",
        "mount -t vfat /dev/loop1 /var/tmp/lay/mnt",
        "mkdir /var/tmp/lay/mnt/data");
  }

  @Test
  void lvmRaid0OverOneDeviceHasNoStripingOptions() {
    assertThat(lines(LayoutScript.apply(spec(VolumeManager.LVM_RAID0, LayoutFilesystem.XFS, ONE)))).containsExactly(
        "pvcreate /dev/loop1",
        "vgcreate -s 4M cb_t1 /dev/loop1",
        "lvcreate -y -l 80%FREE -n data cb_t1",
        "mkfs.xfs -f -b size=4096 /dev/cb_t1/data",
        "mkdir -p /var/tmp/lay/mnt",
        "mount -t xfs /dev/cb_t1/data /var/tmp/lay/mnt",
        "chmod 755 /var/tmp/lay/mnt",
        "mkdir /var/tmp/lay/mnt/data",
        "chmod 755 /var/tmp/lay/mnt/data");
  }

  @Test
  void lvmRaid0OverThreeDevicesStripesThreeWaysWith64KiB() {
    assertThat(lines(LayoutScript.apply(spec(VolumeManager.LVM_RAID0, LayoutFilesystem.JFS, THREE))).subList(0, 4))
        .containsExactly(
            "pvcreate /dev/loop1 /dev/loop2 /dev/loop3",
            "vgcreate -s 4M cb_t1 /dev/loop1 /dev/loop2 /dev/loop3",
            "lvcreate -y -i 3 -I 64k -l 80%FREE -n data cb_t1",
            "mkfs.jfs -q /dev/cb_t1/data");
  }

  @Test
  void lvmThinMakesAStripedPoolAndAThinVolumeOfTheGivenSize() {
    LayoutSpec three = spec(VolumeManager.LVM_THIN_RAID0, LayoutFilesystem.EXT4, THREE).withThinVolumeBytes(480L << 20);
    assertThat(lines(LayoutScript.apply(three))).containsExactly(
        "pvcreate /dev/loop1 /dev/loop2 /dev/loop3",
        "vgcreate -s 4M cb_t1 /dev/loop1 /dev/loop2 /dev/loop3",
        "lvcreate -y -i 3 -I 64k -l 80%FREE -T cb_t1/pool",
        "lvcreate -y -V 480m -T cb_t1/pool -n data",
        "mkfs.ext4 -F -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 /dev/cb_t1/data",
        "mkdir -p /var/tmp/lay/mnt",
        "mount -t ext4 /dev/cb_t1/data /var/tmp/lay/mnt",
        "chmod 755 /var/tmp/lay/mnt",
        "mkdir /var/tmp/lay/mnt/data",
        "chmod 755 /var/tmp/lay/mnt/data");
    LayoutSpec one = spec(VolumeManager.LVM_THIN_RAID0, LayoutFilesystem.VFAT, ONE).withThinVolumeBytes(64L << 20);
    assertThat(lines(LayoutScript.apply(one)).subList(2, 5)).containsExactly(
        "lvcreate -y -l 80%FREE -T cb_t1/pool",
        "lvcreate -y -V 64m -T cb_t1/pool -n data",
        "mkfs.vfat -F 32 -S 4096 /dev/cb_t1/data");
  }

  @Test
  void aThinSpecWithoutItsSizeHasNoExecutableScript() {
    assertThatThrownBy(() -> LayoutScript.apply(spec(VolumeManager.LVM_THIN_RAID0, LayoutFilesystem.XFS, ONE)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("thin volume size");
  }

  @Test
  void btrfsRaid0PutsDataAndMetadataInRaid0MountsWithEveryDeviceAndMakesASubvolume() {
    assertThat(lines(LayoutScript.apply(spec(VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS, THREE))))
        .containsExactly(
            "mkfs.btrfs -f -d raid0 -m raid0 -s 4096 /dev/loop1 /dev/loop2 /dev/loop3",
            "mkdir -p /var/tmp/lay/mnt",
            "mount -t btrfs -o device=/dev/loop1,device=/dev/loop2,device=/dev/loop3 /dev/loop1 /var/tmp/lay/mnt",
            "chmod 755 /var/tmp/lay/mnt",
            "btrfs subvolume create /var/tmp/lay/mnt/data",
            "chmod 755 /var/tmp/lay/mnt/data");
    assertThat(lines(LayoutScript.apply(spec(VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS, ONE))).subList(0, 3))
        .containsExactly(
            "mkfs.btrfs -f -d raid0 -m raid0 -s 4096 /dev/loop1",
            "mkdir -p /var/tmp/lay/mnt",
            "mount -t btrfs /dev/loop1 /var/tmp/lay/mnt");
  }

  @Test
  void classicSnapshotsShareTheFreeSpaceEquallyWithinOneCall() {
    LayoutSpec s = spec(VolumeManager.LVM_RAID0, LayoutFilesystem.XFS, THREE);
    assertThat(lines(LayoutScript.snapshots(s, 3))).containsExactly(
        "lvcreate -y -s -l 33%FREE -n snap1 cb_t1/data",
        "lvcreate -y -s -l 50%FREE -n snap2 cb_t1/data",
        "lvcreate -y -s -l 100%FREE -n snap3 cb_t1/data");
    assertThat(lines(LayoutScript.snapshots(s, 1, 2))).containsExactly(
        "lvcreate -y -s -l 50%FREE -n snap1 cb_t1/data",
        "lvcreate -y -s -l 100%FREE -n snap2 cb_t1/data");
  }

  /** After one call the group has no free extent: a later call's lvcreate would fail. */
  @Test
  void classicSnapshotsCannotFollowEarlierOnes() {
    LayoutSpec s = spec(VolumeManager.LVM_RAID0, LayoutFilesystem.XFS, THREE);
    assertThatThrownBy(() -> LayoutScript.snapshots(s, 4, 2)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("classic LVM snapshots are all taken in one call")
        .hasMessageContaining("after the 3 taken there is none for another");
    assertThat(LayoutScript.snapshots(s, 4, 0)).isEmpty();
  }

  @Test
  void thinSnapshotsHaveNoSize() {
    LayoutSpec s = spec(VolumeManager.LVM_THIN_RAID0, LayoutFilesystem.XFS, THREE).withThinVolumeBytes(4L << 20);
    assertThat(lines(LayoutScript.snapshots(s, 2))).containsExactly(
        "lvcreate -y -s -n snap1 cb_t1/data",
        "lvcreate -y -s -n snap2 cb_t1/data");
    assertThat(lines(LayoutScript.snapshots(s, 3, 1))).containsExactly("lvcreate -y -s -n snap3 cb_t1/data");
  }

  @Test
  void btrfsSnapshotsAreSubvolumeSnapshotsOfTheDataSubvolume() {
    assertThat(lines(LayoutScript.snapshots(spec(VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS, ONE), 2)))
        .containsExactly(
            "btrfs subvolume snapshot /var/tmp/lay/mnt/data /var/tmp/lay/mnt/snap1",
            "btrfs subvolume snapshot /var/tmp/lay/mnt/data /var/tmp/lay/mnt/snap2");
  }

  @Test
  void plainHasNoSnapshots() {
    assertThatThrownBy(() -> LayoutScript.snapshots(spec(VolumeManager.PLAIN, LayoutFilesystem.EXT4, ONE), 1))
        .hasMessage("unsupported: a plain layout has no snapshot mechanism");
  }

  @Test
  void destroyRemovesSnapshotsNewestFirstThenEverythingInReverse() {
    assertThat(lines(LayoutScript.destroy(spec(VolumeManager.LVM_RAID0, LayoutFilesystem.XFS, THREE), 2)))
        .containsExactly(
            "lvremove -y cb_t1/snap2",
            "lvremove -y cb_t1/snap1",
            "umount /var/tmp/lay/mnt",
            "rmdir /var/tmp/lay/mnt",
            "lvremove -y cb_t1/data",
            "vgremove -y cb_t1",
            "pvremove -y /dev/loop1 /dev/loop2 /dev/loop3");
    assertThat(lines(LayoutScript.destroy(spec(VolumeManager.LVM_THIN_RAID0, LayoutFilesystem.XFS, ONE)
        .withThinVolumeBytes(8L << 20), 1))).containsExactly(
            "lvremove -y cb_t1/snap1",
            "umount /var/tmp/lay/mnt",
            "rmdir /var/tmp/lay/mnt",
            "lvremove -y cb_t1/data",
            "lvremove -y cb_t1/pool",
            "vgremove -y cb_t1",
            "pvremove -y /dev/loop1");
  }

  @Test
  void destroyOfBtrfsDeletesSnapshotsWithoutWaitingAndErasesEveryDevice() {
    assertThat(lines(LayoutScript.destroy(spec(VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS, THREE), 2)))
        .containsExactly(
            "btrfs subvolume delete /var/tmp/lay/mnt/snap2",
            "btrfs subvolume delete /var/tmp/lay/mnt/snap1",
            "umount /var/tmp/lay/mnt",
            "rmdir /var/tmp/lay/mnt",
            "wipefs -a /dev/loop1",
            "wipefs -a /dev/loop2",
            "wipefs -a /dev/loop3");
    assertThat(lines(LayoutScript.destroy(spec(VolumeManager.PLAIN, LayoutFilesystem.JFS, ONE), 0))).containsExactly(
        "umount /var/tmp/lay/mnt",
        "rmdir /var/tmp/lay/mnt",
        "wipefs -a /dev/loop1");
  }
}
