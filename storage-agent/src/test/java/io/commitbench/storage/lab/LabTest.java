package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabTest {

  @TempDir Path dir;
  private FakeHost host;
  private Path root;
  private LabSpec spec;
  private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

  @BeforeEach
  void setUp() throws IOException {
    host = new FakeHost(dir);
    root = dir.resolve("lab");
    // The calibration has tests of its own (LabProfileTest): these keep to the devices.
    spec = LabSpec.defaults(root).withId("t1").withSizes(64L << 20, 128L << 20).withCalibration(false);
  }

  @Test
  void upRunsExactlyThesCommandsInOrder() throws Exception {
    LabState state = up();

    Path ssdImage = host.shm.resolve("commitbench-t1-ssd.img");
    assertThat(host.commands).containsExactly(
        "truncate -s 67108864 " + ssdImage,
        "losetup -f --show " + ssdImage,
        "mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 /dev/loop7",
        "mkdir -p " + root.resolve("ssd"),
        "mount /dev/loop7 " + root.resolve("ssd"),
        "chmod 755 " + root.resolve("ssd"),
        "truncate -s 134217728 " + root.resolve("hdd.img"),
        "losetup -f --show " + root.resolve("hdd.img"),
        "mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 /dev/loop8",
        "mkdir -p " + root.resolve("hdd"),
        "mount /dev/loop8 " + root.resolve("hdd"),
        "chmod 755 " + root.resolve("hdd"));
    Path cgroup = host.blkio.resolve("commitbench-t1");
    assertThat(Files.readString(cgroup.resolve("blkio.throttle.write_iops_device"))).isEqualTo("7:8 150\n");
    assertThat(Files.readString(host.sysBlock.resolve("loop8/queue/rotational"))).isEqualTo("1\n");
    assertThat(Files.readString(host.sysBlock.resolve("loop7/queue/rotational"))).isEqualTo("0\n");

    assertThat(state.complete()).isTrue();
    assertThat(LabState.read(root)).contains(state);
    assertThat(state.device("ssd").loop()).contains("/dev/loop7");
    assertThat(state.device("hdd").majMin()).contains("7:8");
    assertThat(state.device("hdd").rotational()).contains("1");
    assertThat(state.cgroup().orElseThrow().throttle()).containsExactly(
        Map.entry("blkio.throttle.write_iops_device", List.of("7:8 150")));
    assertThat(state.disks()).isEmpty();
    assertThat(journal("up").completed()).isTrue();
  }

  @Test
  void planShowsTheCommandsWithPlaceholdersAndChangesNothing() {
    Plan plan = Lab.planUp(spec, host);
    String text = String.join("\n", plan.render(Plan.Mode.DRY_RUN));

    assertThat(text).contains("mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 SSD_LOOP",
        "mount HDD_LOOP " + root.resolve("hdd"), "echo 1 > /sys/block/HDD_LOOP/queue/rotational",
        "echo 'HDD_MAJ:MIN 150' >> " + host.blkio.resolve("commitbench-t1/blkio.throttle.write_iops_device"));
    assertThat(text).doesNotContain("DISK", "disk");
    assertThat(host.commands).isEmpty();
    assertThat(root).doesNotExist();
  }

  @Test
  void planWithDisksShowsImageLoopAndThrottleForEachDiskButNoFilesystem() {
    spec = spec.withDisks(3, 256L << 20).withThrottle(new Throttle(150, 1_048_576, 0, 0));
    Plan plan = Lab.planUp(spec, host);
    String text = String.join("\n", plan.render(Plan.Mode.DRY_RUN));
    Path iops = host.blkio.resolve("commitbench-t1/blkio.throttle.write_iops_device");
    Path bps = host.blkio.resolve("commitbench-t1/blkio.throttle.write_bps_device");

    assertThat(text).contains("bring up lab 't1' at " + root + " (ext4, 3 raw disks)",
        "truncate -s 268435456 " + root.resolve("disk1.img"), "losetup -f --show " + root.resolve("disk3.img"),
        "echo 1 > /sys/block/DISK2_LOOP/queue/rotational",
        "SSD_LOOP, HDD_LOOP and DISK1_LOOP..DISK3_LOOP stand for the loop devices",
        "hdd 134217728 bytes and 3 disks of 268435456 bytes each under " + root,
        "the disks get no filesystem and no mount");
    assertThat(text).containsSubsequence("echo 'HDD_MAJ:MIN 150' >> " + iops, "echo 'DISK1_MAJ:MIN 150' >> " + iops,
        "echo 'DISK2_MAJ:MIN 150' >> " + iops, "echo 'DISK3_MAJ:MIN 150' >> " + iops,
        "echo 'HDD_MAJ:MIN 1048576' >> " + bps, "echo 'DISK3_MAJ:MIN 1048576' >> " + bps);
    assertThat(text).doesNotContain("mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 DISK",
        "mount DISK", root.resolve("disk1").toString() + "\n", "disk4");
    assertThat(host.commands).isEmpty();
    assertThat(root).doesNotExist();
  }

  @Test
  void upWithDisksAttachesEachRotationalThrottledAndUnformatted() throws Exception {
    spec = spec.withDisks(3, 256L << 20).withThrottle(new Throttle(150, 1_048_576, 0, 0));
    LabState state = up();

    assertThat(host.commands.subList(12, host.commands.size())).containsExactly(
        "truncate -s 268435456 " + root.resolve("disk1.img"),
        "losetup -f --show " + root.resolve("disk1.img"),
        "truncate -s 268435456 " + root.resolve("disk2.img"),
        "losetup -f --show " + root.resolve("disk2.img"),
        "truncate -s 268435456 " + root.resolve("disk3.img"),
        "losetup -f --show " + root.resolve("disk3.img"));
    assertThat(state.disks()).containsExactly(Path.of("/dev/loop9"), Path.of("/dev/loop10"), Path.of("/dev/loop11"));
    for (String loop : List.of("loop8", "loop9", "loop10", "loop11")) {
      assertThat(Files.readString(host.sysBlock.resolve(loop + "/queue/rotational"))).as(loop).isEqualTo("1\n");
    }
    Path cgroup = host.blkio.resolve("commitbench-t1");
    assertThat(Files.readString(cgroup.resolve("blkio.throttle.write_iops_device")))
        .isEqualTo("7:8 150\n7:9 150\n7:10 150\n7:11 150\n");
    assertThat(Files.readString(cgroup.resolve("blkio.throttle.write_bps_device")))
        .isEqualTo("7:8 1048576\n7:9 1048576\n7:10 1048576\n7:11 1048576\n");
    assertThat(state.throttleCgroup()).contains(cgroup);
    assertThat(state.cgroup().orElseThrow().throttle()).containsExactly(
        Map.entry("blkio.throttle.write_bps_device", List.of("7:8 1048576", "7:9 1048576", "7:10 1048576",
            "7:11 1048576")),
        Map.entry("blkio.throttle.write_iops_device", List.of("7:8 150", "7:9 150", "7:10 150", "7:11 150")));
    assertThat(state.device("disk2").formatted()).isFalse();
    assertThat(state.device("disk2").mountPoint()).isEmpty();
    assertThat(state.device("disk2").rotational()).contains("1");
    assertThat(host.mounts).extracting(LabHost.MountEntry::source).containsExactly("/dev/loop7", "/dev/loop8");
    assertThat(LabState.read(root)).contains(state);
  }

  @Test
  void downWithDisksDetachesAndDeletesThemLastFirstThenTheRest() throws Exception {
    spec = spec.withDisks(2, 256L << 20);
    up();
    host.commands.clear();

    Lab.down(root, host, out(), host);

    assertThat(host.commands).containsExactly(
        "losetup -d /dev/loop10",
        "rm -f " + root.resolve("disk2.img"),
        "losetup -d /dev/loop9",
        "rm -f " + root.resolve("disk1.img"),
        "umount " + root.resolve("hdd"),
        "rmdir " + root.resolve("hdd"),
        "losetup -d /dev/loop8",
        "rm -f " + root.resolve("hdd.img"),
        "umount " + root.resolve("ssd"),
        "rmdir " + root.resolve("ssd"),
        "losetup -d /dev/loop7",
        "rm -f " + host.shm.resolve("commitbench-t1-ssd.img"));
    assertThat(root.resolve("disk1.img")).doesNotExist();
    assertThat(host.blkio.resolve("commitbench-t1")).doesNotExist();
    assertThat(root.resolve("lab.json")).doesNotExist();
  }

  @Test
  void upFailingOnADiskTearsDownTheEarlierDisksAndTheRest() throws Exception {
    spec = spec.withDisks(3, 256L << 20);
    host.failOn = "losetup -f --show " + root.resolve("disk2.img");

    assertThatThrownBy(this::up).hasMessageContaining("losetup");

    assertThat(host.commands.subList(16, host.commands.size())).containsExactly(
        "rm -f " + root.resolve("disk2.img"),
        "losetup -d /dev/loop9",
        "rm -f " + root.resolve("disk1.img"),
        "umount " + root.resolve("hdd"),
        "rmdir " + root.resolve("hdd"),
        "losetup -d /dev/loop8",
        "rm -f " + root.resolve("hdd.img"),
        "umount " + root.resolve("ssd"),
        "rmdir " + root.resolve("ssd"),
        "losetup -d /dev/loop7",
        "rm -f " + host.shm.resolve("commitbench-t1-ssd.img"));
    assertThat(root.resolve("lab.json")).doesNotExist();
    assertThat(root.resolve("disk3.img")).doesNotExist();
  }

  @Test
  void upRefusesAnExistingDiskImageAndTooLittleSpaceForHddAndDisks() throws Exception {
    spec = spec.withDisks(2, 256L << 20);
    Files.createDirectories(root);
    Files.writeString(root.resolve("disk2.img"), "someone's");
    host.free = 600L << 20;

    assertThatThrownBy(this::up).isInstanceOf(RefusedException.class)
        .hasMessageContaining(root.resolve("disk2.img") + " exists already")
        .hasMessageContaining("has 629145600 bytes free; the hdd image and 2 disk images need 671088640 "
            + "(--hdd-size + 2 x --disk-size)")
        .hasMessageNotContaining("disk1.img");
    assertThat(host.commands).isEmpty();
    assertThat(Files.readString(root.resolve("disk2.img"))).isEqualTo("someone's");
  }

  @Test
  void downRefusesWhileADiskIsInUseByAMountedBtrfsAHolderOrAMountAndChangesNothing() throws Exception {
    spec = spec.withDisks(3, 256L << 20);
    up();
    host.commands.clear();
    // disk1 is the device a btrfs RAID0 is mounted from, disk2 its other device, disk3 held by md0.
    host.mounts.add(new LabHost.MountEntry("/dev/loop9", dir.resolve("layout"), "btrfs", "rw"));
    Files.createDirectories(host.btrfs.resolve("0f1e-uuid/devices/loop9"));
    Files.createDirectories(host.btrfs.resolve("0f1e-uuid/devices/loop10"));
    Files.createDirectories(host.sysBlock.resolve("loop11/holders/md0"));
    String before = Files.readString(root.resolve("lab.json"));

    assertThatThrownBy(() -> Lab.down(root, host, out(), host)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("disk1 (/dev/loop9) is in use: /dev/loop9 is mounted at " + dir.resolve("layout")
            + " (btrfs); a device of the mounted btrfs 0f1e-uuid")
        .hasMessageContaining("disk2 (/dev/loop10) is in use: a device of the mounted btrfs 0f1e-uuid")
        .hasMessageContaining("disk3 (/dev/loop11) is in use: held by md0")
        .hasMessageContaining("take the layout on the disks down first")
        .hasMessageNotContaining("stop those processes");
    assertThat(host.commands).isEmpty();
    assertThat(Files.readString(root.resolve("lab.json"))).isEqualTo(before);
    assertThat(String.join("\n", LabStatus.lines(root, host))).contains("in use: held by md0");
  }

  @Test
  void aDiskLoopDeviceThatNowBacksOntoAnotherFileIsNotOursToGuard() throws Exception {
    spec = spec.withDisks(1, 256L << 20);
    up();
    host.commands.clear();
    Files.writeString(host.sysBlock.resolve("loop9/loop/backing_file"), "/somewhere/else.img\n");
    Files.createDirectories(host.sysBlock.resolve("loop9/holders/md0"));

    Lab.down(root, host, out(), host);

    assertThat(host.commands).doesNotContain("losetup -d /dev/loop9").contains("rm -f " + root.resolve("disk1.img"));
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains("/dev/loop9 now backs onto /somewhere/else.img");
  }

  @Test
  void throttleOptionsBecomeOneLineEach() throws Exception {
    spec = spec.withThrottle(new Throttle(80, 1_048_576, 0, 2_097_152));
    up();

    Path cgroup = host.blkio.resolve("commitbench-t1");
    assertThat(Files.readString(cgroup.resolve("blkio.throttle.write_iops_device"))).isEqualTo("7:8 80\n");
    assertThat(Files.readString(cgroup.resolve("blkio.throttle.write_bps_device"))).isEqualTo("7:8 1048576\n");
    assertThat(Files.readString(cgroup.resolve("blkio.throttle.read_bps_device"))).isEqualTo("7:8 2097152\n");
    assertThat(cgroup.resolve("blkio.throttle.read_iops_device")).doesNotExist();
  }

  @Test
  void downRemovesWhatUpMadeInReverse() throws Exception {
    up();
    host.commands.clear();

    Lab.down(root, host, out(), host);

    assertThat(host.commands).containsExactly(
        "umount " + root.resolve("hdd"),
        "rmdir " + root.resolve("hdd"),
        "losetup -d /dev/loop8",
        "rm -f " + root.resolve("hdd.img"),
        "umount " + root.resolve("ssd"),
        "rmdir " + root.resolve("ssd"),
        "losetup -d /dev/loop7",
        "rm -f " + host.shm.resolve("commitbench-t1-ssd.img"));
    assertThat(host.blkio.resolve("commitbench-t1")).doesNotExist();
    assertThat(root.resolve("lab.json")).doesNotExist();
    assertThat(host.mounts).isEmpty();
    assertThat(journal("down").completed()).isTrue();
  }

  @Test
  void upFailingHalfWayTearsDownWhatItMade() throws Exception {
    host.failOn = "mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 /dev/loop8";

    assertThatThrownBy(this::up).hasMessageContaining("mkfs.ext4");

    assertThat(host.commands.subList(9, host.commands.size())).containsExactly(
        "losetup -d /dev/loop8",
        "rm -f " + root.resolve("hdd.img"),
        "umount " + root.resolve("ssd"),
        "rmdir " + root.resolve("ssd"),
        "losetup -d /dev/loop7",
        "rm -f " + host.shm.resolve("commitbench-t1-ssd.img"));
    assertThat(root.resolve("lab.json")).doesNotExist();
    assertThat(host.blkio.resolve("commitbench-t1")).doesNotExist();
    assertThat(journal("up").completed()).isFalse();
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains("tearing down");
  }

  @Test
  void upRefusesASecondLabOnTheSameRootAndChangesNothing() throws Exception {
    up();
    host.commands.clear();
    String before = Files.readString(root.resolve("lab.json"));

    assertThatThrownBy(() -> Lab.up(spec.withId("t2"), host, out(), host)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("a lab is already up at " + root).hasMessageContaining("lab down --root " + root);
    assertThat(host.commands).isEmpty();
    assertThat(Files.readString(root.resolve("lab.json"))).isEqualTo(before);
  }

  @Test
  void upRefusesEveryProblemAtOnce() {
    host.root = false;
    host.free = 1000;

    assertThatThrownBy(this::up).isInstanceOf(RefusedException.class)
        .hasMessageContaining("not running as root")
        .hasMessageContaining(host.shm + " has 1000 bytes free; the ssd image needs 67108864 (--ssd-size)")
        .hasMessageContaining("the hdd image needs 134217728 (--hdd-size)");
    assertThat(host.commands).isEmpty();
    assertThat(root).doesNotExist();
  }

  @Test
  void downRefusesWhileAMountIsInUseAndKillsNothing() throws Exception {
    up();
    host.commands.clear();
    host.users.add("pid 4242 (postgres): cwd " + root.resolve("hdd/pg"));

    assertThatThrownBy(() -> Lab.down(root, host, out(), host)).isInstanceOf(RefusedException.class)
        .hasMessageContaining(root.resolve("hdd") + " is in use by: pid 4242 (postgres)")
        .hasMessageContaining("stop those processes first");
    assertThat(host.commands).isEmpty();
    assertThat(LabState.read(root)).isPresent();
  }

  @Test
  void downRefusesWhileATenantKeepsSomethingOnTheLabAndForgetsTenantsThatAreGone() throws Exception {
    up();
    host.commands.clear();
    Path owner = Files.writeString(dir.resolve("instance.json"), "{}");
    LabTenants.record(root, new LabTenants.Tenant(owner, "managed postgresql instance " + dir, List.of("its log "
        + root.resolve("hdd/pg") + " on the hdd"), "remove it with 'destroy'"));
    Path goneOwner = dir.resolve("gone/instance.json");
    LabTenants.record(root, new LabTenants.Tenant(goneOwner, "managed mariadb instance gone", List.of("its data"),
        "remove it"));
    String before = Files.readString(root.resolve("lab.json"));

    assertThatThrownBy(() -> Lab.down(root, host, out(), host)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("managed postgresql instance " + dir + " keeps its log " + root.resolve("hdd/pg")
            + " on the hdd; remove it with 'destroy'")
        .hasMessageContaining("could never start again")
        .message().doesNotContain("gone").doesNotContain("stop those processes");
    assertThat(host.commands).isEmpty();
    assertThat(Files.readString(root.resolve("lab.json"))).isEqualTo(before);
    assertThat(String.join("\n", LabStatus.lines(root, host))).contains("tenants (down refuses while any): 1",
        "managed postgresql instance " + dir + ": its log");

    Files.delete(owner);
    Lab.down(root, host, out(), host);
    assertThat(root.resolve(LabTenants.DIR)).doesNotExist();
    assertThat(journal("down").steps()).extracting(e -> e.text())
        .contains("removed the records of 2 tenant(s) that are gone");
  }

  @Test
  void downNamesTheOldLogsRelocationsKeptAndDeletesThemOnlyWhenTold() throws Exception {
    up();
    host.commands.clear();
    Path kept = Files.createDirectories(root.resolve("ssd/pg/pg_wal.moved-1"));
    Files.write(kept.resolve("000000010000000000000001"), new byte[4096]);
    Path journalOfUndo = dir.resolve("inst/journals/relocate-log-1.journal");
    LabKeptLogs.record(root, new LabKeptLogs.Kept(kept, "the old WAL of managed postgresql instance " + dir,
        journalOfUndo, java.time.Instant.parse("2026-11-21T08:01:02Z")));
    LabKeptLogs.record(root, new LabKeptLogs.Kept(root.resolve("hdd/pg/pg_wal.moved-1"), "gone since",
        journalOfUndo, java.time.Instant.parse("2026-11-21T08:00:00Z")));
    String before = Files.readString(root.resolve("lab.json"));

    String plan = String.join("\n", Lab.planDown(root, false).render(Plan.Mode.DRY_RUN));
    assertThat(plan).contains("rm -rf " + kept, "kept on the lab: " + kept + " (4,096 bytes): the old WAL of managed"
        + " postgresql instance " + dir + ", kept since 2026-11-21T08:01:02Z by the relocation journaled in "
        + journalOfUndo, "give --delete-kept-logs").doesNotContain("gone since");
    assertThat(plan.indexOf("rm -rf " + kept)).as("deleted first, while mounted").isLessThan(plan.indexOf("umount"));
    assertThatThrownBy(() -> Lab.down(root, host, out(), host, false)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("kept on the lab: " + kept + " (4,096 bytes)")
        .hasMessageContaining("move them off the lab to keep them, or give --delete-kept-logs");
    assertThat(host.commands).isEmpty();
    assertThat(kept).isDirectory();
    assertThat(Files.readString(root.resolve("lab.json"))).isEqualTo(before);
    assertThat(String.join("\n", LabStatus.lines(root, host))).contains(
        "old logs kept by relocations (down deletes them only with --delete-kept-logs): 1", "       " + kept + " (");

    Lab.down(root, host, out(), host, true);

    assertThat(host.commands.get(0)).isEqualTo("rm -rf " + kept);
    assertThat(kept).doesNotExist();
    assertThat(root.resolve(LabKeptLogs.DIR)).doesNotExist();
    JournalReader.Contents down = journal("down");
    assertThat(down.parameters()).containsEntry("delete_kept_logs", "true");
    assertThat(down.steps()).filteredOn(e -> e.text().equals("deleted a kept old log")).singleElement()
        .satisfies(e -> assertThat(e.detail()).containsEntry("path", kept.toString())
            .containsEntry("kept_by", journalOfUndo.toString()).containsEntry("ran", "rm -rf " + kept)
            .containsEntry("exit", "0"));
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains("$ rm -rf " + kept);
  }

  @Test
  void downLeavesALoopDeviceThatNowBacksOntoAnotherFile() throws Exception {
    up();
    host.commands.clear();
    Files.writeString(host.sysBlock.resolve("loop7/loop/backing_file"), "/somewhere/else.img\n");

    Lab.down(root, host, out(), host);

    assertThat(host.commands).doesNotContain("losetup -d /dev/loop7").contains("losetup -d /dev/loop8");
    assertThat(progress.toString(StandardCharsets.UTF_8)).contains("/dev/loop7 now backs onto /somewhere/else.img");
  }

  @Test
  void downWithoutALabIsRefused() {
    assertThatThrownBy(() -> Lab.down(root, host, out(), host)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("no lab at " + root);
  }

  @Test
  void statusShowsMountsThrottleAndMembers() throws Exception {
    up();

    List<String> lines = LabStatus.lines(root, host);

    assertThat(String.join("\n", lines)).contains("lab 't1' at " + root + ": ext4",
        "hdd: " + root.resolve("hdd") + " on /dev/loop8, mounted (/dev/loop8, ext4)",
        "7:8, rotational reads 1", "blkio.throttle.write_iops_device: 7:8 150 (hdd)", "members: none");
    assertThat(String.join("\n", lines)).doesNotContain("disk");
  }

  @Test
  void statusShowsEachDiskWithItsLoopImageRotationalAndThrottle() throws Exception {
    spec = spec.withDisks(2, 256L << 20);
    up();

    String text = String.join("\n", LabStatus.lines(root, host));

    assertThat(text).contains(
        "disk1: raw disk /dev/loop9 (no filesystem made by the lab), image " + root.resolve("disk1.img")
            + " (268435456 bytes)",
        "disk2: raw disk /dev/loop10 (no filesystem made by the lab), image " + root.resolve("disk2.img"),
        "7:10, rotational reads 1", "in use: no",
        "blkio.throttle.write_iops_device: 7:8 150 (hdd)", "blkio.throttle.write_iops_device: 7:9 150 (disk1)",
        "blkio.throttle.write_iops_device: 7:10 150 (disk2)");
  }

  private LabState up() throws Exception {
    return Lab.up(spec, host, out(), host);
  }

  private PrintStream out() {
    return new PrintStream(progress, true, StandardCharsets.UTF_8);
  }

  private JournalReader.Contents journal(String operation) throws IOException {
    try (Stream<Path> files = Files.list(root.resolve("journal"))) {
      Path file = files.filter(f -> f.getFileName().toString().startsWith("lab-" + operation)).findFirst().orElseThrow();
      return JournalReader.read(file);
    }
  }
}
