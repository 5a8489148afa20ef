package io.commitbench.storage.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.host.lab.DeviceModel;
import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.core.host.lab.LabState;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model profiles on a {@link FakeHost}: up writes the model's sources and profile file into
 * the chain's directory, compiles the plugin there and serves the image through it, one request
 * at a time; status shows what the model last wrote to its state file; down removes the model's
 * directory with the chain.
 */
class LabModelProfileTest {

  @TempDir Path dir;
  private FakeHost host;
  private Path root;
  private LabSpec spec;
  private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

  @BeforeEach
  void setUp() throws IOException {
    host = new FakeHost(dir);
    root = dir.resolve("lab");
    spec = LabSpec.defaults(root).withId("m1").withSizes(64L << 20, 128L << 20)
        .withProfiles(DeviceProfile.FLASH_SATA, DeviceProfile.DISK_7200).withCalibration(false);
  }

  @Test
  void theModelProfilesHaveTheirLabelsAndKinds() {
    assertThat(DeviceProfile.fromLabel("disk-7200")).isEqualTo(DeviceProfile.DISK_7200);
    assertThat(DeviceProfile.fromLabel("flash-nvme").model()).contains(DeviceModel.FLASH);
    assertThat(DeviceProfile.DISK_15K.rotational()).isEqualTo("1");
    assertThat(DeviceProfile.FLASH_SATA.rotational()).isEqualTo("0");
    assertThat(DeviceProfile.HDD.model()).isEmpty();
    assertThat(DeviceProfile.DISK_7200.served()).isTrue();
    assertThat(DeviceProfile.DISK_7200.nbdkitOptions()).containsExactly("--threads=1");
    assertThat(DeviceProfile.FLASH_SATA.nbdkitOptions()).isEmpty();
  }

  @Test
  void upCompilesTheModelInTheChainsDirectoryAndServesTheImageThroughIt() throws Exception {
    Lab.up(spec, host, out(), host);

    Path model = root.resolve("hdd.nbd/model");
    assertThat(host.commands).containsSubsequence("mkdir -p " + root.resolve("hdd.nbd/fuse"), "mkdir -p " + model,
        "cc -O2 -Wall -shared -fPIC -o " + model.resolve("cbdisk.so") + " " + model.resolve("disk_plugin.c") + " "
            + model.resolve("disk_model.c") + " " + model.resolve("model_common.c") + " -lm",
        "nbdkit --unix " + root.resolve("hdd.nbd/nbdkit.sock") + " --pidfile " + root.resolve("hdd.nbd/nbdkit.pid")
            + " --threads=1 " + model.resolve("cbdisk.so") + " file=" + root.resolve("hdd.img") + " profile="
            + model.resolve("disk-7200.profile") + " state=" + root.resolve("hdd.nbd/model.state"));
    for (String source : DeviceModel.DISK.sources()) {
      assertThat(model.resolve(source)).isNotEmptyFile();
    }
    assertThat(Files.readString(model.resolve("disk-7200.profile"))).contains("rpm");
    assertThat(host.commands).as("the loop device over the model bypasses the host's page cache")
        .contains("losetup -f --show --direct-io=on " + root.resolve("hdd.nbd/fuse/disk"));
    assertThat(root.resolve("ssd.nbd/model/flash_model.c")).isNotEmptyFile();
    assertThat(root.resolve("ssd.nbd/model/flash-sata.profile")).isNotEmptyFile();
  }

  @Test
  void thePlanNamesTheCompilationAndTheSourcesItWrites() {
    String plan = String.join("\n", Lab.planUp(spec, host).render(Plan.Mode.DRY_RUN));

    assertThat(plan).contains("(in this process) write the disk model's sources and disk-7200.profile to "
        + root.resolve("hdd.nbd/model"), "cc -O2 -Wall -shared -fPIC -o " + root.resolve("hdd.nbd/model/cbdisk.so"),
        "hdd: profile disk-7200, the disk model with the figures of disk-7200.profile, served by nbdkit");
  }

  @Test
  void statusShowsWhatTheModelLastWrote() throws Exception {
    Lab.up(spec, host, out(), host);
    assertThat(String.join("\n", LabStatus.lines(root, host))).contains("model state: not written yet");

    Files.writeString(root.resolve("ssd.nbd/model.state"), "model = flash\nprofile = flash-sata\nfree_blocks = 12\n"
        + "write_amplification = 2.5000\n");

    assertThat(String.join("\n", LabStatus.lines(root, host)))
        .contains("model state: free_blocks 12, write_amplification 2.5000");
  }

  @Test
  void downRemovesTheModelsDirectoryWithTheChain() throws Exception {
    Lab.up(spec, host, out(), host);
    host.commands.clear();

    Lab.down(root, host, out(), host);

    assertThat(host.commands).contains("rm -rf " + root.resolve("hdd.nbd/model"),
        "rm -rf " + root.resolve("ssd.nbd/model"));
    assertThat(root.resolve("hdd.nbd")).doesNotExist();
    assertThat(LabState.read(root)).isEmpty();
  }

  @Test
  void upRefusesWithoutTheCompilerOrThePluginHeader() {
    host.absentTools.add("cc");
    host.pluginHeader = false;

    assertThatThrownBy(() -> Lab.up(spec, host, out(), host)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("missing program: cc (the disk and flash model profiles compile their nbdkit plugin")
        .hasMessageContaining("missing nbdkit-plugin.h");
    assertThat(host.commands).isEmpty();
  }

  @Test
  void agingWritesAKeptFileOnTheSsdAndOverwritesItBeforeTheCalibration() throws Exception {
    spec = spec.withSsdAging(new Aging(50, 30)).withCalibration(true);
    host.free = 256L << 20;

    Lab.up(spec, host, out(), host);

    Path file = root.resolve("ssd").resolve(Aging.FILE);
    assertThat(host.commands).containsSubsequence(
        "fio --name=age-fill --filename=" + file + " --size=128m --rw=write --bs=1m --direct=1 --ioengine=psync",
        "fio --name=age-overwrite --filename=" + file + " --size=128m --rw=randwrite --bs=8k --direct=1"
            + " --ioengine=psync --time_based --runtime=30");
    int overwrite = host.commands.indexOf("fio --name=age-overwrite --filename=" + file + " --size=128m --rw=randwrite"
        + " --bs=8k --direct=1 --ioengine=psync --time_based --runtime=30");
    assertThat(host.commands.subList(0, overwrite)).as("nothing is measured before the aging")
        .noneMatch(c -> c.startsWith("fio --output-format=json"));
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains("aging file " + file + ": 128 MiB (50 % of 256 MiB free)",
        "ssd model state after aging: not written yet");
    assertThat(String.join("\n", Lab.planUp(spec, host).render(Plan.Mode.DRY_RUN))).contains("--size=AGE_MIBm");
  }

  @Test
  void agingIsRefusedBeyondItsBoundsAndWithoutFio() {
    assertThatThrownBy(() -> new Aging(96, 60)).hasMessage("aging share 96 % is not allowed; give 0 (no aging) to 95");
    assertThatThrownBy(() -> new Aging(50, 0)).hasMessage("aging time 0 s is not allowed; give 1 to 3600");
    host.absentTools.add("fio");

    assertThatThrownBy(() -> Lab.up(spec.withSsdAging(new Aging(50, 30)), host, out(), host))
        .isInstanceOf(RefusedException.class).hasMessageContaining("missing program: fio (aging the ssd");
  }

  private PrintStream out() {
    return new PrintStream(progress, true, StandardCharsets.UTF_8);
  }
}
