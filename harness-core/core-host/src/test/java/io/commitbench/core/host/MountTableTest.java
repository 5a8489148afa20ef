package io.commitbench.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Parsing of {@code /proc/self/mountinfo} text, recorded from real machines. */
class MountTableTest {

  /** A Debian 12 VM's, plus a partition, a loop mount, btrfs and a space. */
  static final String MOUNTINFO = String.join("\n",
      "22 27 0:21 / /proc rw,relatime - proc proc rw",
      "25 24 0:23 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=24684096k",
      "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard,resv_strict,resuid=65534,resgid=65534",
      "30 25 0:27 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=24684096k",
      "61 27 259:1 / /boot/efi rw,relatime shared:29 - vfat /dev/nvme0n1p1 rw,fmask=0077,dmask=0077",
      "62 27 7:3 / /mnt/ssd rw,noatime shared:30 master:1 - ext4 /dev/loop3 rw",
      "63 27 0:45 /data /srv/btrfs rw,relatime - btrfs /dev/loop4 rw,space_cache=v2,subvolid=256,subvol=/data",
      "64 27 254:0 /var/lib/postgresql /mnt/my\\040pg rw,relatime - ext4 /dev/vda rw",
      "");

  private final MountTable table = MountTable.parse(MOUNTINFO);

  @Test
  void readsEveryField() {
    assertThat(table.mounts()).hasSize(8);
    MountInfo root = table.mounts().get(2);
    assertThat(root.mountPoint()).isEqualTo(Path.of("/"));
    assertThat(root.majorMinor()).isEqualTo("254:0");
    assertThat(root.root()).isEqualTo("/");
    assertThat(root.filesystem()).isEqualTo("ext4");
    assertThat(root.source()).isEqualTo("/dev/vda");
    assertThat(root.mountOptions()).isEqualTo("rw,relatime");
    assertThat(root.superOptions()).isEqualTo("rw,discard,resv_strict,resuid=65534,resgid=65534");
    assertThat(root.allOptions()).isEqualTo("rw,relatime,discard,resv_strict,resuid=65534,resgid=65534");
    assertThat(root.hasBlockDeviceNumber()).isTrue();
  }

  @Test
  void skipsAnyNumberOfOptionalFields() {
    MountInfo loop = table.mounts().get(5);
    assertThat(loop.mountPoint()).isEqualTo(Path.of("/mnt/ssd"));
    assertThat(loop.filesystem()).isEqualTo("ext4");
    assertThat(loop.source()).isEqualTo("/dev/loop3");
    assertThat(loop.allOptions()).isEqualTo("rw,noatime");
  }

  @Test
  void btrfsAndTmpfsHaveNoBlockDeviceNumber() {
    assertThat(table.mounts().get(6).hasBlockDeviceNumber()).isFalse();
    assertThat(table.mounts().get(6).root()).isEqualTo("/data");
    assertThat(table.mounts().get(1).hasBlockDeviceNumber()).isFalse();
  }

  @Test
  void undoesOctalEscapes() {
    assertThat(table.mounts().get(7).mountPoint()).isEqualTo(Path.of("/mnt/my pg"));
    assertThat(MountTable.unescape("a\\011b\\134c\\012")).isEqualTo("a\tb\\c\n");
    assertThat(MountTable.unescape("trailing\\04")).isEqualTo("trailing\\04");
  }

  @Test
  void aPathBelongsToTheLongestMountPointHoldingIt() {
    assertThat(table.mountOf(Path.of("/var/lib/postgresql/15/main/pg_wal")).orElseThrow().mountPoint())
        .isEqualTo(Path.of("/"));
    assertThat(table.mountOf(Path.of("/mnt/ssd/pg_wal")).orElseThrow().source()).isEqualTo("/dev/loop3");
    assertThat(table.mountOf(Path.of("/mnt/ssd")).orElseThrow().source()).isEqualTo("/dev/loop3");
    // Not a prefix by name components: /mnt/ssdx is on /.
    assertThat(table.mountOf(Path.of("/mnt/ssdx")).orElseThrow().mountPoint()).isEqualTo(Path.of("/"));
  }

  @Test
  void aMountOverAnotherHidesIt() {
    // /dev/shm is mounted twice (ids 25 and 30); the later one is what a path sees.
    assertThat(table.mountOf(Path.of("/dev/shm/x.img")).orElseThrow().majorMinor()).isEqualTo("0:27");
  }

  @Test
  void noMountForARelativePathOrAnEmptyTable() {
    assertThat(MountTable.parse("").mountOf(Path.of("/x"))).isEmpty();
    assertThat(table.mountOf(Path.of("relative/x"))).isEmpty();
  }

  @Test
  void aMalformedLineIsQuoted() {
    assertThatIllegalArgumentException().isThrownBy(() -> MountTable.parse("27 1 254:0 / / rw,relatime ext4 /dev/vda"))
        .withMessageContaining("not a mountinfo line: '27 1 254:0 / / rw,relatime ext4 /dev/vda'");
  }
}
