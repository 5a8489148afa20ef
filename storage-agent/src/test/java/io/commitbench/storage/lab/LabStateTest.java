package io.commitbench.storage.lab;

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
    assertThat(json).contains("\"format\" : \"commitbench.lab/1\"", "\"maj_min\" : \"7:8\"",
        "\"blkio.throttle.write_iops_device\" : \"7:8 150\"");
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
    assertThat(DownSteps.forState(read)).containsExactly(new DownSteps.DeleteImage("ssd"));
  }

  @Test
  void readIsEmptyWithoutLabJsonAndRefusesAnotherFormat() throws IOException {
    assertThat(LabState.read(dir)).isEmpty();
    Files.writeString(dir.resolve("lab.json"), "{\"format\":\"something/9\"}", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> LabState.read(dir)).hasMessageContaining("commitbench.lab/1 expected");
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
        Optional.of("/dev/loop7"), Optional.of("7:7"), Optional.of("0"), true, root.resolve("ssd"), true, true);
    LabDevice hdd = new LabDevice("hdd", root.resolve("hdd.img"), 128L << 20, true, Optional.of("/dev/loop8"),
        Optional.of("7:8"), Optional.of("1"), true, root.resolve("hdd"), true, true);
    return new LabState("s", root, LabFilesystem.XFS, Instant.parse("2025-01-02T03:04:05Z"), true, List.of(ssd, hdd),
        Optional.of(new LabCgroup(Path.of("/sys/fs/cgroup/blkio/commitbench-s"),
            Map.of("blkio.throttle.write_iops_device", "7:8 150"))));
  }
}
