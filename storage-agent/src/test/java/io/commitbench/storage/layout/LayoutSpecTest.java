package io.commitbench.storage.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LayoutSpecTest {

  private static final Path ROOT = Path.of("/var/tmp/lay");
  private static final Path D1 = Path.of("/dev/loop1");
  private static final Path D2 = Path.of("/dev/loop2");

  @Test
  void labelsNameEachManagerAndFilesystem() {
    assertThat(VolumeManager.byLabel("lvm-thin-raid0")).contains(VolumeManager.LVM_THIN_RAID0);
    assertThat(VolumeManager.byLabel("BTRFS-RAID0")).contains(VolumeManager.BTRFS_RAID0);
    assertThat(VolumeManager.byLabel("raid5")).isEmpty();
    assertThat(VolumeManager.labels()).isEqualTo("plain, lvm-raid0, lvm-thin-raid0, btrfs-raid0");
    assertThat(LayoutFilesystem.byLabel("vfat")).contains(LayoutFilesystem.VFAT);
    assertThat(LayoutFilesystem.byLabel("ntfs")).isEmpty();
    assertThat(LayoutFilesystem.labels()).isEqualTo("ext4, xfs, btrfs, jfs, vfat");
  }

  @Test
  void plainTakesExactlyOneDevice() {
    assertThatThrownBy(() -> new LayoutSpec(ROOT, "a", VolumeManager.PLAIN, LayoutFilesystem.EXT4, List.of(D1, D2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("plain takes exactly one device, 2 were given")
        .hasMessageContaining("lvm-raid0, lvm-thin-raid0 or btrfs-raid0");
  }

  @Test
  void btrfsRaid0TakesOnlyBtrfs() {
    assertThatThrownBy(() -> new LayoutSpec(ROOT, "a", VolumeManager.BTRFS_RAID0, LayoutFilesystem.XFS, List.of(D1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("btrfs-raid0 makes a btrfs filesystem")
        .hasMessageContaining("put xfs on plain, lvm-raid0 or lvm-thin-raid0");
  }

  @Test
  void oneToFiveDistinctAbsoluteDevices() {
    assertThatThrownBy(() -> new LayoutSpec(ROOT, "a", VolumeManager.LVM_RAID0, LayoutFilesystem.XFS, List.of()))
        .hasMessageContaining("give 1 to 5 block devices");
    List<Path> six = List.of(D1, D2, Path.of("/dev/loop3"), Path.of("/dev/loop4"), Path.of("/dev/loop5"),
        Path.of("/dev/loop6"));
    assertThatThrownBy(() -> new LayoutSpec(ROOT, "a", VolumeManager.LVM_RAID0, LayoutFilesystem.XFS, six))
        .hasMessageContaining("over 6 devices is not allowed");
    assertThatThrownBy(() -> new LayoutSpec(ROOT, "a", VolumeManager.LVM_RAID0, LayoutFilesystem.XFS,
        List.of(D1, Path.of("/dev/../dev/loop1")))).hasMessageContaining("a device is given twice");
    assertThatThrownBy(() -> new LayoutSpec(ROOT, "a", VolumeManager.PLAIN, LayoutFilesystem.XFS,
        List.of(Path.of("loop1")))).hasMessageContaining("not an absolute path");
    assertThat(new LayoutSpec(ROOT, "a", VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS, six.subList(0, 5))
        .devices()).hasSize(5);
  }

  @Test
  void idsNameTheVolumeGroup() {
    assertThatThrownBy(() -> new LayoutSpec(ROOT, "Bad/id", VolumeManager.PLAIN, LayoutFilesystem.EXT4, List.of(D1)))
        .hasMessageContaining("layout id 'Bad/id' is not allowed");
    LayoutSpec spec = new LayoutSpec(ROOT, "run-7", VolumeManager.LVM_RAID0, LayoutFilesystem.EXT4, List.of(D1));
    assertThat(spec.volumeGroup()).isEqualTo("cb_run-7");
    assertThat(spec.volume()).isEqualTo(Path.of("/dev/cb_run-7/data"));
    assertThat(spec.mountPoint()).isEqualTo(ROOT.resolve("mnt"));
    assertThat(spec.dataDir()).isEqualTo(ROOT.resolve("mnt/data"));
    assertThat(LayoutSpec.idFor(ROOT)).matches("l[0-9a-f]{8}").isEqualTo(LayoutSpec.idFor(Path.of("/var/tmp/./lay")));
    assertThat(LayoutSpec.idFor(ROOT)).isNotEqualTo(LayoutSpec.idFor(Path.of("/var/tmp/other")));
  }

  @Test
  void aThinSizeIsForThinLayoutsOnlyAndWholeExtents() {
    assertThatThrownBy(() -> new LayoutSpec(ROOT, "a", VolumeManager.LVM_RAID0, LayoutFilesystem.XFS, List.of(D1),
        Optional.of(8L << 20))).hasMessageContaining("only lvm-thin-raid0 has a thin volume");
    LayoutSpec thin = new LayoutSpec(ROOT, "a", VolumeManager.LVM_THIN_RAID0, LayoutFilesystem.XFS, List.of(D1));
    assertThatThrownBy(() -> thin.withThinVolumeBytes((8L << 20) + 4096)).hasMessageContaining("multiple of 4 MiB");
    assertThat(thin.withThinVolumeBytes(8L << 20).thinVolumeBytes()).contains(8L << 20);
  }

  @Test
  void theDefaultThinVolumeIsFortyPercentInWholeExtents() {
    assertThat(LayoutSpec.defaultThinVolumeBytes(1000L << 20)).isEqualTo(400L << 20);
    assertThat(LayoutSpec.defaultThinVolumeBytes(3 * (256L << 20)) % LayoutSpec.EXTENT_BYTES).isZero();
    assertThat(LayoutSpec.defaultThinVolumeBytes(3 * (256L << 20))).isEqualTo(304L << 20);
  }
}
