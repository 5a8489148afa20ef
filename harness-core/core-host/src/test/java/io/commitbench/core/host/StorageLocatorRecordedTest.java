package io.commitbench.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StorageLocator} over a recorded layout: a mountinfo file and a {@code /sys} tree built
 * as the kernel lays them out, with the mount points as real directories of a temporary folder
 * (so symlinks resolve for real). Covers disk, partition, loop over a disk file and over tmpfs,
 * device-mapper over two disks, two-device btrfs, tmpfs and a symlinked WAL directory.
 */
class StorageLocatorRecordedTest {

  @TempDir Path temp;

  private Path t;
  private StorageLocator locator;

  @BeforeEach
  void layout() throws IOException {
    t = temp.toRealPath().resolve("host");
    FakeSysfs sys = new FakeSysfs(temp.resolve("sys"));
    Path vda = sys.disk("vda", "254:0", 1, 512, 4096, 1073741824L);
    Path nvme = sys.disk("nvme0n1", "259:0", 0, 512, 512, 2199023255040L);
    sys.partition(nvme, "nvme0n1p2", "259:2", 2);
    Path sdb = sys.disk("sdb", "8:16", 0, 512, 4096, 0);
    Path sdc = sys.disk("sdc", "8:32", 1, 512, 4096, 0);
    sys.deviceMapper("dm-0", "253:0", "vg-data", sdb, sdc);
    sys.loop("loop3", "7:3", dir("images").resolve("fast.img").toString(), 1);
    sys.loop("loop5", "7:5", dir("shm").resolve("ssd.img").toString(), 0);
    Path loop6 = sys.loop("loop6", "7:6", dir("images").resolve("b1.img").toString(), 1);
    Path loop7 = sys.loop("loop7", "7:7", dir("images").resolve("b2.img").toString(), 1);
    sys.btrfs("0b9f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", loop6, loop7);
    sys.loop("loop8", "7:8", "/var/tmp/old.img (deleted)", 1);
    for (String image : List.of("images/fast.img", "images/b1.img", "images/b2.img", "shm/ssd.img")) {
      Files.createFile(t.resolve(image));
    }
    Path mountinfo = temp.resolve("mountinfo");
    Files.writeString(mountinfo, String.join("\n",
        "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard",
        "70 27 0:27 / " + dir("shm") + " rw,nosuid,nodev - tmpfs tmpfs rw,size=1048576k",
        "71 27 7:3 / " + dir("fast") + " rw,noatime - ext4 /dev/loop3 rw",
        "72 27 7:5 / " + dir("ssdloop") + " rw,noatime - ext4 /dev/loop5 rw",
        "73 27 253:0 / " + dir("striped") + " rw,relatime - xfs /dev/mapper/vg-data rw,attr2,inode64",
        "74 27 0:45 / " + dir("btrfs") + " rw,relatime - btrfs /dev/loop6 rw,space_cache=v2",
        "75 27 259:2 / " + dir("part") + " rw,relatime - ext4 /dev/nvme0n1p2 rw",
        "76 27 7:8 / " + dir("gone") + " rw,relatime - ext4 /dev/loop8 rw",
        ""));
    locator = new StorageLocator(mountinfo, sys.root);
  }

  @Test
  void aDirectoryOnTheRootDisk() throws IOException {
    PathStorage s = locator.locate(dir("data"));
    assertThat(s.mount().mountPoint()).isEqualTo(Path.of("/"));
    assertThat(s.devices()).singleElement().satisfies(d -> {
      assertThat(d.name()).isEqualTo("vda");
      assertThat(d.majorMinor()).isEqualTo("254:0");
      assertThat(d.kind()).isEqualTo(BlockDevice.Kind.DISK);
      assertThat(d.rotational()).contains(true);
      assertThat(d.logicalBlockSize()).hasValue(512);
      assertThat(d.physicalBlockSize()).hasValue(4096);
      assertThat(d.discardMaxBytes()).hasValue(1073741824L);
      assertThat(d.chain()).isEqualTo("vda (disk)");
    });
    assertThat(s.freeBytes()).isPresent();
  }

  @Test
  void aSymlinkedWalDirectoryIsFollowedToItsOwnMount() throws IOException {
    Path wal = dir("fast/wal");
    Path link = Files.createSymbolicLink(dir("pgdata").resolve("pg_wal"), wal);
    PathStorage s = locator.locate(link);
    assertThat(s.path()).isEqualTo(link);
    assertThat(s.realPath()).isEqualTo(wal);
    assertThat(s.mount().source()).isEqualTo("/dev/loop3");
    assertThat(s.mount().allOptions()).isEqualTo("rw,noatime");
  }

  @Test
  void aLoopDeviceStandsOnTheDeviceOfItsBackingFile() throws IOException {
    PathStorage s = locator.locate(dir("fast"));
    BlockDevice loop = s.devices().get(0);
    assertThat(loop.kind()).isEqualTo(BlockDevice.Kind.LOOP);
    assertThat(loop.detail()).isEqualTo(t.resolve("images/fast.img") + " on ext4");
    assertThat(loop.below()).extracting(BlockDevice::name).containsExactly("vda");
    assertThat(s.leaves()).extracting(BlockDevice::name).containsExactly("vda");
    assertThat(loop.chain()).isEqualTo("loop3 (loop, " + t.resolve("images/fast.img") + " on ext4) > vda (disk)");
  }

  @Test
  void aLoopDeviceOverTmpfsIsItsOwnLeaf() throws IOException {
    PathStorage s = locator.locate(dir("ssdloop"));
    BlockDevice loop = s.devices().get(0);
    assertThat(loop.below()).isEmpty();
    assertThat(loop.belowNote()).isEqualTo("tmpfs from 'tmpfs' has no block device");
    assertThat(s.leaves()).containsExactly(loop);
    assertThat(loop.rotational()).contains(false);
    assertThat(loop.chain()).endsWith("on tmpfs) > (tmpfs from 'tmpfs' has no block device)");
  }

  @Test
  void aDeletedBackingFileIsSaid() throws IOException {
    BlockDevice loop = locator.locate(dir("gone")).devices().get(0);
    assertThat(loop.detail()).isEqualTo("/var/tmp/old.img (deleted)");
    assertThat(loop.belowNote()).isEqualTo("backing file deleted");
  }

  @Test
  void aPartitionReportsItsDisksQueue() throws IOException {
    BlockDevice part = locator.locate(dir("part")).devices().get(0);
    assertThat(part.kind()).isEqualTo(BlockDevice.Kind.PARTITION);
    assertThat(part.rotational()).contains(false);
    assertThat(part.physicalBlockSize()).hasValue(512);
    assertThat(part.discardMaxBytes()).hasValue(2199023255040L);
    assertThat(part.chain()).isEqualTo("nvme0n1p2 (partition) > nvme0n1 (disk)");
  }

  @Test
  void deviceMapperStandsOnItsSlaves() throws IOException {
    PathStorage s = locator.locate(dir("striped"));
    BlockDevice dm = s.devices().get(0);
    assertThat(dm.kind()).isEqualTo(BlockDevice.Kind.DEVICE_MAPPER);
    assertThat(dm.detail()).isEqualTo("vg-data");
    assertThat(s.leaves()).extracting(BlockDevice::name).containsExactly("sdb", "sdc");
    assertThat(s.leaves()).extracting(BlockDevice::rotational).containsExactly(Optional.of(false), Optional.of(true));
    assertThat(dm.chain()).isEqualTo("dm-0 (device-mapper, vg-data) > [sdb (disk) + sdc (disk)]");
  }

  @Test
  void aMultiDeviceBtrfsListsEveryDevice() throws IOException {
    PathStorage s = locator.locate(dir("btrfs"));
    assertThat(s.mount().hasBlockDeviceNumber()).isFalse();
    assertThat(s.devices()).extracting(BlockDevice::name).containsExactly("loop6", "loop7");
    assertThat(s.leaves()).extracting(BlockDevice::name).containsExactly("vda", "vda");
  }

  @Test
  void aDeviceCarriesItsSizeWhatHoldsItItsPartitionsAndItsBtrfs() throws IOException {
    Path nvme = temp.resolve("sys/devices/pci0000:00/block/nvme0n1");
    Files.writeString(nvme.resolve("size"), "4194304\n");
    Files.createDirectories(nvme.resolve("nvme0n1p2/holders/md0"));

    BlockDevice disk = locator.locate(dir("part")).devices().get(0).below().get(0);

    assertThat(disk.sizeBytes()).hasValue(4194304L * 512);
    assertThat(disk.partitions()).containsExactly(Map.entry("nvme0n1p2", "259:2"));
    assertThat(disk.holders()).containsExactly("nvme0n1p2: md0");
    assertThat(disk.btrfsFilesystem()).isEmpty();
    assertThat(locator.locate(dir("btrfs")).devices()).extracting(BlockDevice::btrfsFilesystem)
        .containsOnly(Optional.of("0b9f7a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"));
  }

  @Test
  void aNodeThatIsNoBlockDeviceHasNone() throws IOException {
    assertThat(locator.blockDevice(t.resolve("images/fast.img"))).isEmpty();
    assertThat(locator.blockDevice(t.resolve("nowhere"))).isEmpty();
  }

  @Test
  void tmpfsHasNoDeviceAndSaysSo() throws IOException {
    PathStorage s = locator.locate(dir("shm"));
    assertThat(s.devices()).isEmpty();
    assertThat(s.noDeviceReason()).isEqualTo("tmpfs from 'tmpfs' has no block device");
    assertThat(s.freeBytes()).isNotEqualTo(OptionalLong.empty());
  }

  @Test
  void aMissingPathIsNoSuchFile() {
    assertThatIOException().isThrownBy(() -> locator.locate(t.resolve("nowhere")))
        .isInstanceOf(NoSuchFileException.class);
  }

  @Test
  void aDeviceMissingFromSysIsSaid() throws IOException {
    Path mountinfo = temp.resolve("other-mountinfo");
    Files.writeString(mountinfo, "27 1 8:99 / / rw - ext4 /dev/sdz9 rw\n");
    PathStorage s = new StorageLocator(mountinfo, temp.resolve("sys")).locate(dir("data"));
    assertThat(s.devices()).isEmpty();
    assertThat(s.noDeviceReason()).isEqualTo("device 8:99 of ext4 on / is not in /sys");
  }

  @Test
  void aMountSourceIsFoundByDeviceMapperName() throws IOException {
    Path mountinfo = temp.resolve("by-name");
    // As btrfs shows it: no usable device number, the source names a /dev/mapper link.
    Files.writeString(mountinfo, "27 1 0:50 / / rw - btrfs /dev/mapper/vg-data rw\n");
    PathStorage s = new StorageLocator(mountinfo, temp.resolve("sys")).locate(dir("data"));
    assertThat(s.devices()).extracting(BlockDevice::name).containsExactly("dm-0");
  }

  private Path dir(String relative) throws IOException {
    return Files.createDirectories(t.resolve(relative));
  }
}
