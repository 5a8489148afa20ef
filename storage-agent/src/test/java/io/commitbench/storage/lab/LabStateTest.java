package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabState;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.LabCgroup;
import io.commitbench.core.host.lab.LabFilesystem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabStateTest {

  @TempDir Path dir;

  @Test
  void roundTripsThroughLabJson() throws IOException {
    LabState state = sample(dir.resolve("lab"));
    StepContext.save(state);

    assertThat(LabState.read(dir.resolve("lab"))).contains(state);
    String json = Files.readString(dir.resolve("lab/lab.json"));
    assertThat(json).contains("\"format\" : \"commitbench.lab/3\"", "\"maj_min\" : \"7:8\"",
        "\"profile\" : \"ram\"", "\"profile\" : \"throttle\"",
        "\"blkio.throttle.write_iops_device\" : [ \"7:8 150\" ]");
  }

  @Test
  void aStateWithDisksRoundTripsWithEveryThrottleLineAndNoMountPointForTheDisks() throws IOException {
    Path root = dir.resolve("lab");
    LabState state = withDisks(root);
    StepContext.save(state);

    LabState read = LabState.read(root).orElseThrow();
    assertThat(read).isEqualTo(state);
    assertThat(read.device("disk2").mountPoint()).isEmpty();
    assertThat(read.cgroup().orElseThrow().throttle()).containsEntry("blkio.throttle.write_iops_device",
        List.of("7:8 150", "7:9 150", "7:10 150"));
    String json = Files.readString(root.resolve("lab.json"));
    assertThat(json).contains("\"name\" : \"disk2\"", "\"image\" : \"" + root.resolve("disk2.img") + "\"");
    // Only the ssd and the hdd have a mount point.
    assertThat(json.split("\"mount_point\" :", -1)).hasSize(3);
  }

  @Test
  void readsAFormat1FileWithOneThrottleLineAsAString() throws IOException {
    Path root = dir.resolve("old");
    Files.createDirectories(root);
    Files.writeString(root.resolve("lab.json"), """
        {"format": "commitbench.lab/1", "id": "o", "root": "%1$s", "filesystem": "ext4",
         "created": "2025-01-02T03:04:05Z", "complete": true,
         "devices": [
          {"name": "ssd", "image": "/dev/shm/commitbench-o-ssd.img", "size_bytes": 1024, "image_created": true,
           "loop": "/dev/loop7", "maj_min": "7:7", "rotational": "0", "formatted": true,
           "mount_point": "%1$s/ssd", "mount_point_created": true, "mounted": true},
          {"name": "hdd", "image": "%1$s/hdd.img", "size_bytes": 2048, "image_created": true,
           "loop": "/dev/loop8", "maj_min": "7:8", "rotational": "1", "formatted": true,
           "mount_point": "%1$s/hdd", "mount_point_created": true, "mounted": true}],
         "cgroup": {"dir": "/sys/fs/cgroup/blkio/commitbench-o",
                    "throttle": {"blkio.throttle.write_iops_device": "7:8 150"}}}
        """.formatted(root), StandardCharsets.UTF_8);

    LabState read = LabState.read(root).orElseThrow();

    assertThat(read.cgroup().orElseThrow().throttle()).containsExactly(
        Map.entry("blkio.throttle.write_iops_device", List.of("7:8 150")));
    assertThat(read.mount("hdd")).isEqualTo(root.resolve("hdd"));
    assertThat(read.disks()).isEmpty();
    assertThat(DownSteps.forState(read, List.of())).containsExactly(new DownSteps.RemoveCgroup(),
        new DownSteps.Unmount("hdd"), new DownSteps.RemoveMountPoint("hdd"), new DownSteps.Detach("hdd"),
        new DownSteps.DeleteImage("hdd"), new DownSteps.Unmount("ssd"), new DownSteps.RemoveMountPoint("ssd"),
        new DownSteps.Detach("ssd"), new DownSteps.DeleteImage("ssd"));
  }

  @Test
  void disksListsTheAttachedDisksLoopDevicesInOrderAndTheyHaveNoMount() {
    Path root = dir.resolve("lab");
    LabState state = withDisks(root);

    assertThat(state.disks()).containsExactly(Path.of("/dev/loop9"), Path.of("/dev/loop10"));
    assertThat(state.throttleCgroup()).contains(Path.of("/sys/fs/cgroup/blkio/commitbench-s"));
    assertThat(state.mountPoints()).containsOnlyKeys("ssd", "hdd");
    assertThatThrownBy(() -> state.mount("disk1")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'disk1' is a raw disk and has no mount point");
    assertThat(state.cgroupFor(root.resolve("disk1.img"))).isEmpty();
    assertThat(sample(root).disks()).isEmpty();
    assertThat(sample(root).withCgroup(Optional.empty()).throttleCgroup()).isEmpty();
  }

  @Test
  void downRemovesTheDisksFirstLastDiskFirstAndOnlyWhatIsRecorded() {
    LabState state = withDisks(dir.resolve("lab"));

    // disk1 and disk2 are attached, disk3's image was made but its losetup never ran.
    assertThat(DownSteps.forState(state, List.of())).containsExactly(new DownSteps.RemoveCgroup(),
        new DownSteps.DeleteImage("disk3"),
        new DownSteps.Detach("disk2"), new DownSteps.DeleteImage("disk2"),
        new DownSteps.Detach("disk1"), new DownSteps.DeleteImage("disk1"),
        new DownSteps.Unmount("hdd"), new DownSteps.RemoveMountPoint("hdd"), new DownSteps.Detach("hdd"),
        new DownSteps.DeleteImage("hdd"), new DownSteps.Unmount("ssd"), new DownSteps.RemoveMountPoint("ssd"),
        new DownSteps.Detach("ssd"), new DownSteps.DeleteImage("ssd"));
  }

  @Test
  void theDownPlanForDisksDetachesAndDeletesEachImage() {
    LabState state = withDisks(dir.resolve("lab"));

    List<String> actions = DownSteps.forState(state, List.of()).stream().flatMap(s -> s.actions(state).stream()).toList();

    assertThat(actions).containsSubsequence("rm -f " + state.device("disk3").image(), "losetup -d /dev/loop10",
        "rm -f " + state.device("disk2").image(), "losetup -d /dev/loop9", "rm -f " + state.device("disk1").image(),
        "umount " + state.mount("hdd"));
    assertThat(actions).noneMatch(a -> a.contains("umount") && a.contains("disk"));
  }

  @Test
  void aPartialStateRoundTripsToo() throws IOException {
    Path root = dir.resolve("lab");
    LabState partial = LabLayout.initial(LabSpec.defaults(root).withId("p"), Path.of("/dev/shm"),
        Instant.parse("2025-01-02T03:04:05Z"));
    partial = partial.withDevice(partial.device("ssd").withImageCreated(true));
    StepContext.save(partial);

    LabState read = LabState.read(root).orElseThrow();
    assertThat(read).isEqualTo(partial);
    assertThat(read.device("ssd").loop()).isEmpty();
    assertThat(read.cgroup()).isEmpty();
    assertThat(DownSteps.forState(read, List.of())).containsExactly(new DownSteps.DeleteImage("ssd"));
  }

  @Test
  void readIsEmptyWithoutLabJsonAndRefusesAnotherFormat() throws IOException {
    assertThat(LabState.read(dir)).isEmpty();
    Files.writeString(dir.resolve("lab.json"), "{\"format\":\"something/9\"}", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> LabState.read(dir))
        .hasMessageContaining("format commitbench.lab/3, commitbench.lab/2 or commitbench.lab/1 expected, found "
            + "'something/9'");
  }

  @Test
  void containingFindsTheLabOfAPathOnEitherMountEvenBeforeItExists() throws IOException {
    Path root = dir.resolve("lab");
    LabState state = sample(root);
    StepContext.save(state);
    Files.createDirectories(root.resolve("hdd/pg1"));

    assertThat(LabState.containing(root.resolve("hdd/pg1/pg_wal/000001"))).contains(state);
    assertThat(LabState.containing(root.resolve("ssd"))).contains(state);
    assertThat(LabState.containing(root.resolve("lab.json"))).isEmpty();
    assertThat(LabState.containing(dir.resolve("elsewhere/hdd/x"))).isEmpty();
  }

  @Test
  void containingFollowsASymlinkIntoTheLab() throws IOException {
    Path root = dir.resolve("lab");
    StepContext.save(sample(root));
    Path wal = Files.createDirectories(root.resolve("ssd/wal"));
    Path link = Files.createSymbolicLink(dir.resolve("pg_wal"), wal);

    assertThat(LabState.containing(link.resolve("seg"))).map(LabState::id).contains("s");
  }

  @Test
  void deviceHoldingNamesTheMountOfAPathAsWrittenOrThroughASymlink() throws IOException {
    Path root = dir.resolve("lab");
    LabState state = sample(root);
    Path wal = Files.createDirectories(root.resolve("ssd/wal"));
    Path link = Files.createSymbolicLink(dir.resolve("pg_wal"), wal);

    assertThat(state.deviceHolding(root.resolve("hdd/pg1/not-yet"))).contains("hdd");
    assertThat(state.deviceHolding(link.resolve("seg"))).contains("ssd");
    assertThat(state.deviceHolding(root.resolve("hdd.img"))).isEmpty();
  }

  @Test
  void theCgroupIsForPathsOnTheHddOnly() {
    Path root = dir.resolve("lab");
    LabState state = sample(root);

    assertThat(state.cgroupFor(root.resolve("hdd/pg1"))).contains(Path.of("/sys/fs/cgroup/blkio/commitbench-s"));
    assertThat(state.cgroupFor(root.resolve("ssd/pg1"))).isEmpty();
    assertThat(state.cgroupFor(root.resolve("hddx"))).isEmpty();
    assertThat(state.mount("hdd")).isEqualTo(root.resolve("hdd"));
    assertThat(state.mountPoints()).containsExactly(Map.entry("ssd", root.resolve("ssd")),
        Map.entry("hdd", root.resolve("hdd")));
  }

  static LabState sample(Path root) {
    LabDevice ssd = new LabDevice("ssd", Path.of("/dev/shm/commitbench-s-ssd.img"), 64L << 20, true,
        Optional.of("/dev/loop7"), Optional.of("7:7"), Optional.of("0"), true, Optional.of(root.resolve("ssd")), true,
        true);
    LabDevice hdd = new LabDevice("hdd", root.resolve("hdd.img"), 128L << 20, true, Optional.of("/dev/loop8"),
        Optional.of("7:8"), Optional.of("1"), true, Optional.of(root.resolve("hdd")), true, true);
    return new LabState("s", root, LabFilesystem.XFS, Instant.parse("2025-01-02T03:04:05Z"), true, List.of(ssd, hdd),
        Optional.of(new LabCgroup(Path.of("/sys/fs/cgroup/blkio/commitbench-s"),
            Map.of("blkio.throttle.write_iops_device", List.of("7:8 150")))));
  }

  /** The sample with disk1 and disk2 attached (7:9, 7:10) and throttled, and disk3 an image only. */
  static LabState withDisks(Path root) {
    LabState state = sample(root);
    List<LabDevice> devices = new java.util.ArrayList<>(state.devices());
    for (int k = 1; k <= 3; k++) {
      LabDevice disk = LabDevice.planned("disk" + k, root.resolve("disk" + k + ".img"), 256L << 20, Optional.empty())
          .withImageCreated(true);
      devices.add(k == 3 ? disk : disk.withLoop(Optional.of("/dev/loop" + (8 + k)), Optional.of("7:" + (8 + k)),
          Optional.of("1")));
    }
    return new LabState(state.id(), root, state.filesystem(), state.created(), false, devices,
        Optional.of(new LabCgroup(state.cgroup().orElseThrow().dir(),
            Map.of("blkio.throttle.write_iops_device", List.of("7:8 150", "7:9 150", "7:10 150"),
                "blkio.throttle.write_bps_device", List.of("7:8 1048576", "7:9 1048576", "7:10 1048576")))));
  }
}
