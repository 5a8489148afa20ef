package io.commitbench.storage.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host probe and the reasons built from it, on fake /proc files, module lists and program directories. */
class HostProbeTest {

  @TempDir Path dir;
  private FakeLayoutHost host;
  private final List<Path> one = List.of(Path.of("/dev/loop1"));

  @BeforeEach
  void setUp() throws IOException {
    host = new FakeLayoutHost(dir);
  }

  /** A host's /proc without device-mapper, jfs or vfat, and no module directory at all. */
  private void likeAHostWithoutDeviceMapperJfsOrVfat() throws IOException {
    Files.writeString(host.proc.resolve("misc"), "234 btrfs-control\n237 loop-control\n229 fuse\n");
    Files.writeString(host.proc.resolve("filesystems"), "nodev\tsysfs\nnodev\ttmpfs\n\text4\n\txfs\nnodev\tmqueue\n"
        + "\tbtrfs\n");
  }

  @Test
  void readsDeviceMapperAndFilesystemsFromProc() throws IOException {
    assertThat(host.probe().deviceMapper()).isTrue();
    assertThat(host.probe().knowsFilesystem("jfs")).isTrue();
    likeAHostWithoutDeviceMapperJfsOrVfat();
    HostProbe probe = host.probe();
    assertThat(probe.deviceMapper()).isFalse();
    assertThat(probe.knowsFilesystem("jfs")).isFalse();
    assertThat(probe.knowsFilesystem("vfat")).isFalse();
    assertThat(probe.knowsFilesystem("btrfs")).isTrue();
    assertThat(probe.knowsFilesystem("sysfs")).isTrue();
    assertThat(probe.kernelRelease()).isEqualTo("6.1.0-test");
  }

  @Test
  void aModuleToLoadCountsAsPresent() throws IOException {
    likeAHostWithoutDeviceMapperJfsOrVfat();
    Path release = Files.createDirectories(host.modules.resolve("6.1.0-test"));
    Files.writeString(release.resolve("modules.dep"), "kernel/fs/jfs/jfs.ko.xz:\n"
        + "kernel/drivers/md/dm-mod.ko.xz:\nkernel/drivers/md/dm-snapshot.ko.xz: kernel/drivers/md/dm-bufio.ko.xz "
        + "kernel/drivers/md/dm-mod.ko.xz\n");
    Files.writeString(release.resolve("modules.builtin"), "kernel/fs/fat/vfat.ko\n");
    HostProbe probe = host.probe();
    assertThat(probe.deviceMapper()).isTrue();
    assertThat(probe.knowsFilesystem("jfs")).isTrue();
    assertThat(probe.knowsFilesystem("vfat")).isTrue();
    assertThat(probe.lacksModule("dm-snapshot")).isFalse();
    assertThat(probe.lacksModule("dm-thin-pool")).isTrue();
  }

  @Test
  void withoutAModuleDirectoryAMissingTargetIsNotClaimed() {
    assertThat(host.probe().lacksModule("dm-thin-pool")).isFalse();
  }

  @Test
  void findsProgramsInTheGivenDirectoriesOnly() throws IOException {
    assertThat(host.probe().hasProgram("mkfs.jfs")).isTrue();
    Files.delete(host.bin.resolve("mkfs.jfs"));
    assertThat(host.probe().hasProgram("mkfs.jfs")).isFalse();
    Files.writeString(host.bin.resolve("not-executable"), "");
    assertThat(host.probe().hasProgram("not-executable")).isFalse();
  }

  @Test
  void everythingPresentMeansSupported() {
    for (VolumeManager m : VolumeManager.values()) {
      LayoutFilesystem fs = m == VolumeManager.BTRFS_RAID0 ? LayoutFilesystem.BTRFS : LayoutFilesystem.JFS;
      LayoutSpec spec = new LayoutSpec(dir, "t", m, fs, one, Optional.empty());
      assertThat(Layout.unsupportedReason(spec, host.probe())).as(m.label()).isEmpty();
    }
  }

  @Test
  void lvmWithoutDeviceMapperIsUnsupportedWithEveryReasonAtOnce() throws IOException {
    likeAHostWithoutDeviceMapperJfsOrVfat();
    for (String p : List.of("pvcreate", "vgcreate", "lvcreate", "lvremove", "vgremove", "pvremove", "lvs", "vgs", "pvs",
        "thin_check", "mkfs.jfs")) {
      Files.delete(host.bin.resolve(p));
    }
    LayoutSpec spec = new LayoutSpec(dir, "t", VolumeManager.LVM_THIN_RAID0, LayoutFilesystem.JFS, one);
    assertThat(Layout.unsupportedReason(spec, host.probe())).hasValueSatisfying(r -> assertThat(r)
        .startsWith("unsupported on this host: no device-mapper in this kernel (" + host.proc.resolve("misc")
            + " does not list device-mapper")
        .contains("the kernel does not know the jfs filesystem")
        .contains("missing programs: pvcreate, vgcreate, lvcreate, lvremove, vgremove, pvremove, lvs, vgs, pvs "
            + "(package lvm2); thin_check (package thin-provisioning-tools); mkfs.jfs (package jfsutils)"));
  }

  @Test
  void aFilesystemTheKernelLacksIsUnsupportedEvenOnPlain() throws IOException {
    likeAHostWithoutDeviceMapperJfsOrVfat();
    LayoutSpec vfat = new LayoutSpec(dir, "t", VolumeManager.PLAIN, LayoutFilesystem.VFAT, one);
    assertThat(Layout.unsupportedReason(vfat, host.probe())).hasValueSatisfying(r -> assertThat(r)
        .startsWith("unsupported on this host: the kernel does not know the vfat filesystem").doesNotContain("device"));
    LayoutSpec xfs = new LayoutSpec(dir, "t", VolumeManager.PLAIN, LayoutFilesystem.XFS, one);
    assertThat(Layout.unsupportedReason(xfs, host.probe())).isEmpty();
  }

  @Test
  void aMissingThinPoolTargetIsNamedWhenTheModulesSayIt() throws IOException {
    Path release = Files.createDirectories(host.modules.resolve("6.1.0-test"));
    Files.writeString(release.resolve("modules.dep"), "kernel/drivers/md/dm-snapshot.ko:\n");
    LayoutSpec thin = new LayoutSpec(dir, "t", VolumeManager.LVM_THIN_RAID0, LayoutFilesystem.XFS, one);
    assertThat(Layout.unsupportedReason(thin, host.probe())).hasValueSatisfying(r -> assertThat(r)
        .contains("the kernel has no dm-thin-pool device-mapper target"));
    LayoutSpec classic = new LayoutSpec(dir, "t", VolumeManager.LVM_RAID0, LayoutFilesystem.XFS, one);
    assertThat(Layout.unsupportedReason(classic, host.probe())).isEmpty();
    assertThat(Layout.unsupportedSnapshotReason(classic, 1, host.probe())).isEmpty();
  }

  @Test
  void snapshotReasonsPerBackend() throws IOException {
    LayoutSpec plain = new LayoutSpec(dir, "t", VolumeManager.PLAIN, LayoutFilesystem.EXT4, one);
    assertThat(Layout.unsupportedSnapshotReason(plain, 0, host.probe())).isEmpty();
    assertThat(Layout.unsupportedSnapshotReason(plain, 1, host.probe()))
        .contains("unsupported: a plain layout has no snapshot mechanism");
    LayoutSpec btrfs = new LayoutSpec(dir, "t", VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS, one);
    LayoutSpec classic = new LayoutSpec(dir, "t", VolumeManager.LVM_RAID0, LayoutFilesystem.XFS, one);
    assertThat(Layout.unsupportedSnapshotReason(btrfs, 2, host.probe())).isEmpty();
    likeAHostWithoutDeviceMapperJfsOrVfat();
    Files.delete(host.bin.resolve("btrfs"));
    assertThat(Layout.unsupportedSnapshotReason(btrfs, 2, host.probe()))
        .contains("unsupported on this host: missing programs: btrfs (package btrfs-progs)");
    assertThat(Layout.unsupportedSnapshotReason(classic, 2, host.probe())).hasValueSatisfying(r -> assertThat(r)
        .startsWith("unsupported on this host: no device-mapper"));
    assertThat(Layout.unsupportedSnapshotReason(classic, 0, host.probe())).isEmpty();
  }
}
