package io.commitbench.storage.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LayoutStateJsonTest {

  @TempDir Path dir;

  @Test
  void roundTripsEveryField() throws IOException {
    LayoutSpec spec = new LayoutSpec(dir, "t1", VolumeManager.LVM_THIN_RAID0, LayoutFilesystem.JFS,
        List.of(Path.of("/dev/loop1"), Path.of("/dev/loop2"))).withThinVolumeBytes(96L << 20);
    LayoutState state = new LayoutState(spec, Instant.parse("2026-09-01T10:00:00Z"), true,
        EnumSet.of(LayoutPart.MOUNTED, LayoutPart.PHYSICAL_VOLUMES, LayoutPart.VOLUME_GROUP),
        List.of(new LayoutSnapshot(1, "snap1", "lvm-thin", "cb_t1/snap1", Instant.parse("2026-09-01T10:05:00Z")),
            new LayoutSnapshot(2, "snap2", "lvm-thin", "cb_t1/snap2", Instant.parse("2026-09-01T10:06:00Z"))));

    byte[] json = LayoutStateJson.write(state);
    Files.write(dir.resolve(LayoutState.FILE), json);

    assertThat(LayoutState.read(dir)).contains(state);
    String text = new String(json, StandardCharsets.UTF_8);
    assertThat(text).contains("\"format\" : \"commitbench.layout/1\"", "\"volume_group\" : \"cb_t1\"",
        "\"data_dir\" : \"" + dir.resolve("mnt/data") + "\"", "\"thin_volume_bytes\" : 100663296");
    assertThat(text.indexOf("physical_volumes")).as("parts in making order").isLessThan(text.indexOf("mounted"));
    assertThat(state.nextSnapshotNumber()).isEqualTo(3);
  }

  @Test
  void partsAndSnapshotsComeAndGo() {
    LayoutSpec spec = new LayoutSpec(dir, "t1", VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS,
        List.of(Path.of("/dev/loop1")));
    LayoutState s = LayoutState.initial(spec, Instant.EPOCH).with(LayoutPart.MOUNTED).with(LayoutPart.FILESYSTEM);
    assertThat(s.madeInOrder()).containsExactly(LayoutPart.FILESYSTEM, LayoutPart.MOUNTED);
    assertThat(s.without(LayoutPart.FILESYSTEM).made()).isEqualTo(Set.of(LayoutPart.MOUNTED));
    LayoutSnapshot snap = new LayoutSnapshot(4, "snap4", "btrfs-subvolume", dir + "/mnt/snap4", Instant.EPOCH);
    assertThat(s.withSnapshot(snap).nextSnapshotNumber()).isEqualTo(5);
    assertThat(s.withSnapshot(snap).withoutSnapshot(4).snapshots()).isEmpty();
    assertThat(s.volumeGroup()).isEmpty();
  }

  @Test
  void refusesAnotherFormat() throws IOException {
    Files.writeString(dir.resolve(LayoutState.FILE), "{\"format\":\"commitbench.lab/1\"}");
    assertThatThrownBy(() -> LayoutState.read(dir)).isInstanceOf(IOException.class)
        .hasMessageContaining("not a commitbench layout file");
    assertThat(LayoutState.read(dir.resolve("none"))).isEmpty();
  }
}
