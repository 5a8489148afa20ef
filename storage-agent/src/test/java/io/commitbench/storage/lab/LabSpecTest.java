package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabFilesystem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LabSpecTest {

  private final LabSpec spec = LabSpec.defaults(Path.of("/var/tmp/lab-spec-test")).withId("t");

  @Test
  void noDisksByDefault() {
    assertThat(spec.diskCount()).isZero();
    assertThat(spec.diskBytes()).isEqualTo(512L << 20);
    assertThat(new LabSpec(spec.root(), "t", LabFilesystem.EXT4, 64L << 20, 64L << 20, Throttle.DEFAULT).diskCount())
        .isZero();
  }

  @Test
  void takesOneToFiveDisksOfAtLeast128MiB() {
    for (int count = 0; count <= 5; count++) {
      assertThat(spec.withDisks(count, 128L << 20).diskCount()).isEqualTo(count);
    }
    LabSpec five = spec.withDisks(5, 1L << 30);
    assertThat(five.diskBytes()).isEqualTo(1L << 30);
  }

  @Test
  void refusesADiskCountOutsideZeroToFiveNamingWhatIsAllowed() {
    for (int count : new int[] {-1, 6, 12}) {
      assertThatThrownBy(() -> spec.withDisks(count, 512L << 20)).isInstanceOf(IllegalArgumentException.class)
          .hasMessage("disk count " + count + " is not allowed; give 0 (no raw disks) to 5");
    }
  }

  @Test
  void refusesADiskBelow128MiBSayingWhy() {
    assertThatThrownBy(() -> spec.withDisks(2, (128L << 20) - 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("disk size 134217727 bytes is too small; give at least 128M (mkfs.btrfs needs about 114 MiB "
            + "per device)");
  }

  @Test
  void theOtherWithersKeepTheDisks() {
    LabSpec disks = spec.withDisks(3, 256L << 20);

    for (LabSpec changed : new LabSpec[] {disks.withId("u"), disks.withFilesystem(LabFilesystem.BTRFS),
        disks.withSizes(128L << 20, 256L << 20), disks.withThrottle(new Throttle(40, 0, 0, 0)),
        disks.withRoot(Path.of("/elsewhere"))}) {
      assertThat(changed.diskCount()).isEqualTo(3);
      assertThat(changed.diskBytes()).isEqualTo(256L << 20);
    }
  }
}
