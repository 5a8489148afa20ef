package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabState;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.LabServer;
import io.commitbench.core.host.lab.Calibration;
import io.commitbench.core.host.lab.DeviceProfile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Device profiles and the calibration on a {@link FakeHost}: an hdd of profile hdd is served by
 * nbdkit through nbdfuse, its loop device over the FUSE file, with no cgroup; the plan shows the
 * commands that run; down stops the chain after the loop device, in reverse, and only what is
 * still the lab's; the calibration's figures land in lab.json.
 */
class LabProfileTest {

  @TempDir Path dir;
  private FakeHost host;
  private Path root;
  private LabSpec spec;
  private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

  @BeforeEach
  void setUp() throws IOException {
    host = new FakeHost(dir);
    root = dir.resolve("lab");
    spec = LabSpec.defaults(root).withId("p1").withSizes(64L << 20, 128L << 20)
        .withProfiles(DeviceProfile.RAM, DeviceProfile.HDD).withCalibration(false);
  }

  @Test
  void anUnknownProfileIsRefusedWithTheAllowedNames() {
    assertThatThrownBy(() -> DeviceProfile.fromLabel("floppy")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown device profile 'floppy'; allowed: ram, throttle, hdd, ssd, disk-7200, disk-15k, flash-sata,"
            + " flash-nvme");
    assertThat(DeviceProfile.fromLabel("hdd")).isEqualTo(DeviceProfile.HDD);
  }

  @Test
  void theDefaultsAreARamSsdThrottledHddAndDisksCalibrated() {
    LabSpec spec = LabSpec.defaults(root);

    assertThat(spec.ssdProfile()).isEqualTo(DeviceProfile.RAM);
    assertThat(spec.hddProfile()).isEqualTo(DeviceProfile.THROTTLE);
    assertThat(spec.profile("disk3")).isEqualTo(DeviceProfile.THROTTLE);
    assertThat(spec.calibrate()).isTrue();
  }

  @Test
  void upServesTheHddThroughNbdkitAndNbdfuseAndMakesNoCgroup() throws Exception {
    LabState state = up();

    Path nbd = root.resolve("hdd.nbd");
    assertThat(host.commands.subList(6, host.commands.size())).containsExactly(
        "truncate -s 134217728 " + root.resolve("hdd.img"),
        "mkdir -p " + nbd.resolve("fuse"),
        "nbdkit --unix " + nbd.resolve("nbdkit.sock") + " --pidfile " + nbd.resolve("nbdkit.pid")
            + " --threads=1 --filter=delay --filter=rate file file=" + root.resolve("hdd.img")
            + " delay-read=12ms delay-write=12ms rate=1104M",
        "start-stop-daemon --start --background --output " + nbd.resolve("nbdfuse.log") + " --pidfile "
            + nbd.resolve("nbdfuse.pid") + " --exec /usr/bin/nbdfuse -- -C 1 -P " + nbd.resolve("nbdfuse.pid") + " "
            + nbd.resolve("fuse/disk") + " --unix " + nbd.resolve("nbdkit.sock"),
        "losetup -f --show " + nbd.resolve("fuse/disk"),
        "mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 /dev/loop8",
        "mkdir -p " + root.resolve("hdd"),
        "mount /dev/loop8 " + root.resolve("hdd"),
        "chmod 755 " + root.resolve("hdd"));
    LabDevice hdd = state.device("hdd");
    assertThat(hdd.profile()).isEqualTo(DeviceProfile.HDD);
    assertThat(hdd.rotational()).contains("1");
    assertThat(hdd.server()).contains(new LabServer(nbd, true, Optional.of(4000L), true, Optional.of(4001L)));
    assertThat(state.cgroup()).isEmpty();
    assertThat(host.blkio.resolve("commitbench-p1")).doesNotExist();
    assertThat(state.cgroupFor(root.resolve("hdd/pg_wal"))).isEmpty();
    assertThat(LabState.read(root)).contains(state);
  }

  @Test
  void thePlanShowsTheCommandsUpRuns() throws Exception {
    List<String> planned = new ArrayList<>(Lab.planUp(spec, host).render(Plan.Mode.DRY_RUN));
    LabState state = up();

    for (String command : host.commands.subList(6, 9)) {
      assertThat(planned).as("the plan").anySatisfy(line -> assertThat(line.strip()).isEqualTo(command));
    }
    assertThat(String.join("\n", planned)).contains("losetup -f --show " + state.device("hdd").loopBacking(),
        "hdd: profile hdd, served by nbdkit through nbdfuse: slow for every process").doesNotContain("cgroup/blkio");
  }

  @Test
  void downStopsTheChainAfterTheLoopDeviceInReverse() throws Exception {
    up();
    host.commands.clear();

    Lab.down(root, host, out(), host);

    Path nbd = root.resolve("hdd.nbd");
    assertThat(host.commands.subList(0, 8)).containsExactly(
        "umount " + root.resolve("hdd"),
        "rmdir " + root.resolve("hdd"),
        "losetup -d /dev/loop8",
        "fusermount3 -u " + nbd.resolve("fuse"),
        "kill 4000",
        "rm -f " + nbd.resolve("nbdkit.sock") + " " + nbd.resolve("nbdkit.pid") + " " + nbd.resolve("nbdfuse.pid")
            + " " + nbd.resolve("nbdfuse.log") + " " + nbd.resolve("model.state") + " " + nbd.resolve("model.state.tmp"),
        "rmdir " + nbd.resolve("fuse"),
        "rmdir " + nbd);
    assertThat(host.commands.get(8)).isEqualTo("rm -f " + root.resolve("hdd.img"));
    assertThat(host.processes).isEmpty();
    assertThat(host.mounts).isEmpty();
    assertThat(nbd).doesNotExist();
    assertThat(root.resolve("lab.json")).doesNotExist();
  }

  @Test
  void downLeavesAPidThatIsNoLongerTheLabsNbdkitAndPassesOverWhatIsGone() throws Exception {
    up();
    host.commands.clear();
    host.processes.put(4000L, "postgres: checkpointer"); // the pid was reused after nbdkit died
    host.mounts.removeIf(m -> m.type().equals("fuse"));  // someone unmounted the FUSE file already
    host.processes.remove(4001L);

    Lab.down(root, host, out(), host);

    assertThat(host.commands).noneMatch(c -> c.startsWith("kill") || c.startsWith("fusermount3"));
    assertThat(host.processes).containsEntry(4000L, "postgres: checkpointer");
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains(
        "pid 4000 is now 'postgres: checkpointer', not the lab's nbdkit; left alone",
        root.resolve("hdd.nbd/fuse") + " is not mounted any more");
    assertThat(root.resolve("lab.json")).doesNotExist();
  }

  @Test
  void aFailureAfterNbdkitStartedTearsTheChainDown() throws Exception {
    host.failOn = "mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 /dev/loop8";

    assertThatThrownBy(this::up).hasMessageContaining("mkfs.ext4");

    assertThat(host.commands).contains("losetup -d /dev/loop8", "fusermount3 -u " + root.resolve("hdd.nbd/fuse"),
        "kill 4000", "rm -f " + root.resolve("hdd.img"));
    assertThat(host.processes).isEmpty();
    assertThat(root.resolve("hdd.nbd")).doesNotExist();
    assertThat(root.resolve("lab.json")).doesNotExist();
  }

  @Test
  void upRefusesWithoutFuseAndNeedsNoBlkioWhenNothingIsThrottled() throws Exception {
    host.fuse = false;
    Files.delete(host.blkio.resolve("blkio.throttle.write_iops_device")); // no blkio controller either

    assertThatThrownBy(this::up).isInstanceOf(RefusedException.class)
        .hasMessageContaining("no /dev/fuse: profiles hdd, ssd and the model profiles expose their disk through FUSE")
        .hasMessageNotContaining("blkio");
    assertThat(host.commands).isEmpty();
    assertThat(root.resolve("lab.json")).doesNotExist();
  }

  @Test
  void calibrationRecordsFiosFiguresAndMeasuresAThrottledDeviceInsideTheCgroup() throws Exception {
    spec = spec.withProfiles(DeviceProfile.RAM, DeviceProfile.THROTTLE).withCalibration(true);

    LabState state = up();

    Path cgroup = host.blkio.resolve("commitbench-p1");
    List<String> fio = host.commands.stream().filter(c -> c.contains("fio ")).toList();
    assertThat(fio).hasSize(4);
    assertThat(fio.get(0)).startsWith("fio --output-format=json --readonly --filename=/dev/loop");
    assertThat(fio.get(1)).startsWith("fio --output-format=json --directory=" + root.resolve("ssd"));
    assertThat(fio.get(2)).startsWith("[in cgroup " + cgroup + "] fio --output-format=json --readonly --filename="
        + state.device("hdd").loop().orElseThrow() + " ");
    assertThat(fio.get(3)).startsWith("[in cgroup " + cgroup + "] fio --output-format=json --directory="
        + root.resolve("hdd"));
    Calibration hdd = state.device("hdd").calibration().orElseThrow();
    assertThat(hdd.fdatasyncP50Micros()).isEqualTo(13_500.0);
    assertThat(hdd.fdatasyncP99Micros()).isEqualTo(41_000.0);
    assertThat(hdd.fdatasyncCount()).isEqualTo(140);
    assertThat(hdd.paced()).contains(new Calibration.PacedSync(125, 14_200.0, 30_500.0, 10_000));
    assertThat(hdd.randWriteIops()).contains(70.25);
    assertThat(hdd.randWriteLatency()).contains(new Calibration.Latency(70, 13_900.0, 15_200.0));
    assertThat(hdd.randReadLatency()).contains(new Calibration.Latency(160, 12_300.0, 16_700.0));
    assertThat(hdd.seqReadMBs()).hasValueSatisfying(v -> assertThat(v).isCloseTo(4.404019, within(1e-9)));
    assertThat(hdd.note()).endsWith("inside the throttle cgroup");
    assertThat(LabState.read(root)).contains(state);
    assertThat(Files.readString(root.resolve("lab.json"))).contains("\"fdatasync_p50_us\" : 13500.0",
        "\"paced_fdatasync_p50_us\" : 14200.0", "\"paced_fdatasync_p99_us\" : 30500.0",
        "\"paced_fdatasync_count\" : 125", "\"paced_fdatasync_gap_us\" : 10000", "\"rand_read_p50_us\" : 12300.0",
        "\"rand_read_count\" : 160", "\"rand_write_p99_us\" : 15200.0", "\"seq_read_mbs\" : 4.404019");
    assertThat(String.join("\n", LabStatus.lines(root, host))).contains("profile throttle",
        "calibrated: fdatasync of 8 KiB p50 13.5 ms, p99 41.0 ms (n=140), paced (10 ms idle before each) p50 14.2 ms,"
            + " p99 30.5 ms (n=125), sequential 1 MiB writes 10/s, random 8 KiB writes 70/s (p50 13.9 ms, p99 15.2 ms),"
            + " random 8 KiB reads p50 12.3 ms, p99 16.7 ms (n=160), sequential 1 MiB reads 4.4 MB/s, fio-3.33");
  }

  @Test
  void fioReadsTheRawLoopDeviceReadOnlyThenRunsTheSyncsBackToBackThenPacedBeforeTheWriteJobs() throws Exception {
    spec = spec.withCalibration(true);

    LabState state = up();

    List<String> runs = host.commands.stream().filter(c -> c.startsWith("fio ")).limit(2).toList();
    assertThat(runs.get(0)).isEqualTo("fio --output-format=json --readonly --filename="
        + state.device("ssd").loop().orElseThrow() + " --ioengine=psync --direct=1 --name=randread --rw=randread"
        + " --bs=8k --time_based --runtime=2 --name=seqread --stonewall --rw=read --bs=1m --offset=0 --size=64m"
        + " --runtime=2");
    String fio = runs.get(1);
    assertThat(fio).contains("--name=fdatasync --rw=write --bs=8k --size=1m --overwrite=1 --fdatasync=1 --runtime=2 "
        + "--name=fdatasync-paced --stonewall --rw=write --bs=8k --size=1m --overwrite=1 --fdatasync=1 "
        + "--thinktime=10000 --thinktime_blocks=1 --runtime=3 --name=seqwrite --stonewall");
    assertThat(fio).endsWith("--name=randwrite --stonewall --rw=randwrite --bs=8k --size=16m --direct=1 --runtime=1");
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains("fdatasync of 8 KiB p50/p99, back to back and paced",
        "random write and read latency, sequential read bandwidth, with fio");
  }

  @Test
  void theJournalCarriesBothFdatasyncFiguresAndTheProbesOnlyTheBackToBackOnes() throws IOException {
    Calibration fio = CalibrateStep.parseFio(FakeHost.FIO_READ_OUTPUT, FakeHost.FIO_OUTPUT, false);
    Calibration probe = new Calibration("built-in probe", 100, 55.0, 120.0, Optional.empty(), Optional.empty(),
        Optional.empty(), "probe");

    assertThat(CalibrateStep.detail(fio)).containsExactly(java.util.Map.entry("fdatasync_p50_us", "13500"),
        java.util.Map.entry("fdatasync_p99_us", "41000"), java.util.Map.entry("paced_fdatasync_p50_us", "14200"),
        java.util.Map.entry("paced_fdatasync_p99_us", "30500"), java.util.Map.entry("rand_read_p50_us", "12300"),
        java.util.Map.entry("rand_write_p50_us", "13900"), java.util.Map.entry("seq_read_mbs", "4"));
    assertThat(CalibrateStep.detail(probe)).containsOnlyKeys("fdatasync_p50_us", "fdatasync_p99_us");
    assertThat(fio.note()).contains("back to back 2 s, then paced (10000 µs idle between each write and its fdatasync) 3 s");
    assertThat(probe.summary()).isEqualTo("fdatasync of 8 KiB p50 55 µs, p99 120 µs (n=100), built-in probe");
  }

  @Test
  void fioOutputWithoutThePacedJobsPercentilesIsAnError() {
    String withoutPaced = FakeHost.FIO_OUTPUT.replace("\"fdatasync-paced\"", "\"other\"");

    assertThatThrownBy(() -> CalibrateStep.parseFio(FakeHost.FIO_READ_OUTPUT, withoutPaced, false))
        .isInstanceOf(IOException.class)
        .hasMessage("fio's output has no job 'fdatasync-paced'");
  }

  @Test
  void aCalibrationWithoutPacedFiguresReadsAsOneWithoutThem() throws Exception {
    spec = spec.withCalibration(true);
    up();
    Path file = root.resolve("lab.json");
    Files.writeString(file, Files.readString(file).replaceAll("\\s*\"paced_fdatasync_[a-z0-9_]+\" : [0-9.]+,", ""));

    LabState read = LabState.read(root).orElseThrow();

    assertThat(Files.readString(file)).doesNotContain("paced_");
    assertThat(read.device("hdd").calibration().orElseThrow().paced()).isEmpty();
    assertThat(read.device("hdd").calibration().orElseThrow().fdatasyncP50Micros()).isEqualTo(13_500.0);
  }

  @Test
  void fioOutputWithoutSyncPercentilesIsAnError() {
    assertThatThrownBy(() -> CalibrateStep.parseFio(FakeHost.FIO_READ_OUTPUT,
        "{\"jobs\": [{\"jobname\": \"fdatasync\", \"sync\": {}}]}", false))
        .hasMessageContaining("no fdatasync latency percentiles");
  }

  @Test
  void fioOutputWithoutTheRandomReadsPercentilesIsAnError() {
    String withoutPercentiles = FakeHost.FIO_READ_OUTPUT.replace("\"percentile\"", "\"other\"");

    assertThatThrownBy(() -> CalibrateStep.parseFio(withoutPercentiles, FakeHost.FIO_OUTPUT, false))
        .isInstanceOf(IOException.class)
        .hasMessage("fio printed no read latency percentiles (read.clat_ns.percentile) for job randread");
    assertThatThrownBy(() -> CalibrateStep.parseFio(FakeHost.FIO_OUTPUT, FakeHost.FIO_OUTPUT, false))
        .hasMessage("fio's output has no job 'randread'");
  }

  @Test
  void theFiguresOfARecordedFioRunOnALoopDeviceAreItsJobsClatPercentilesAndBandwidth() throws IOException {
    // fio 3.33's outputs of readCommand and command on a 256 MiB ext4 loop device over a sparse file.
    String reads = resource("fio-read-loop-ram.json");
    String writes = resource("fio-write-loop-ram.json");
    JsonNode readJobs = new ObjectMapper()
        .readTree(reads).path("jobs");
    JsonNode writeJobs = new ObjectMapper()
        .readTree(writes).path("jobs");

    Calibration c = CalibrateStep.parseFio(reads, writes, false);

    JsonNode randread = readJobs.get(0).path("read").path("clat_ns");
    assertThat(c.randReadLatency()).contains(new Calibration.Latency(randread.path("N").asLong(),
        randread.path("percentile").path("50.000000").asDouble() / 1000,
        randread.path("percentile").path("99.000000").asDouble() / 1000));
    assertThat(c.randReadLatency().orElseThrow().count()).isGreaterThan(1000);
    JsonNode randwrite = writeJobs.get(3).path("write");
    assertThat(writeJobs.get(3).path("jobname").asText()).isEqualTo("randwrite");
    assertThat(c.randWriteLatency().orElseThrow().p99Micros())
        .isEqualTo(randwrite.path("clat_ns").path("percentile").path("99.000000").asDouble() / 1000)
        .isGreaterThanOrEqualTo(c.randWriteLatency().orElseThrow().p50Micros());
    assertThat(c.randWriteIops()).contains(randwrite.path("iops").asDouble());
    assertThat(c.seqReadMBs()).contains(readJobs.get(1).path("read").path("bw_bytes").asDouble() / 1_000_000);
    assertThat(c.tool()).isEqualTo("fio-3.33");
    assertThat(c.summary()).contains(", random 8 KiB reads p50 ", ", sequential 1 MiB reads ");
  }

  @Test
  void aCalibrationWithoutTheReadFiguresReadsAsOneWithoutThem() throws Exception {
    spec = spec.withCalibration(true);
    up();
    Path file = root.resolve("lab.json");
    Files.writeString(file, Files.readString(file)
        .replaceAll("\\s*\"(rand_read_[a-z0-9_]+|rand_write_(count|p50_us|p99_us)|seq_read_mbs)\" : [0-9.]+,", ""));

    Calibration read = LabState.read(root).orElseThrow().device("hdd").calibration().orElseThrow();

    assertThat(Files.readString(file)).doesNotContain("rand_read_", "seq_read_", "rand_write_p50");
    assertThat(read.randReadLatency()).isEmpty();
    assertThat(read.randWriteLatency()).isEmpty();
    assertThat(read.seqReadMBs()).isEmpty();
    assertThat(read.randWriteIops()).contains(70.25);
    assertThat(read.paced()).isPresent();
  }

  private static String resource(String name) throws IOException {
    try (var in = LabProfileTest.class.getResourceAsStream(name)) {
      assertThat(in).as("test resource " + name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private LabState up() throws Exception {
    return Lab.up(spec, host, out(), host);
  }

  private PrintStream out() {
    return new PrintStream(progress, true, StandardCharsets.UTF_8);
  }
}
