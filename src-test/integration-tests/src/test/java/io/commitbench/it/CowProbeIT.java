package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.exec.Programs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code commitbench storage cow-probe} on real filesystems over loop devices (sparse images in a
 * temp directory on disk): a btrfs with a subvolume {@code data}, probed in {@code data/db} with
 * and without a snapshot, and an ext4. On btrfs every rewritten block is written elsewhere
 * (copy-on-write, with or without a snapshot), so the file has more extents after the rewrite
 * than after the fill; ext4 rewrites in place, so the count stays. The snapshot must be taken
 * beside the subvolume, reported, and gone afterwards; on ext4 the report must say why there is
 * none. Everything is undone afterwards: unmounted, detached, deleted.
 *
 * <p>Needs root, loop devices, btrfs in the kernel, btrfs-progs, e2fsprogs (mkfs.ext4, filefrag);
 * skipped with the reason printed otherwise.
 */
class CowProbeIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final ProcessCommandRunner SHELL = ProcessCommandRunner.standard();
  /** The undo commands of the set-up, newest first. */
  private static final List<Command> UNDO = new ArrayList<>();

  private static Path base;
  private static Path btrfsMount;
  private static Path ext4Mount;
  private static String ext4Loop;

  @BeforeAll
  static void buildFilesystems() throws IOException {
    requirements();
    base = Files.createTempDirectory("cow-probe-it-");
    btrfsMount = Files.createDirectories(base.resolve("btrfs"));
    String btrfsLoop = loopOver(base.resolve("btrfs.img"), "512M");
    run("mkfs.btrfs", "-q", "-f", btrfsLoop);
    mount(btrfsLoop, btrfsMount);
    run("btrfs", "subvolume", "create", btrfsMount.resolve("data").toString());
    ext4Mount = Files.createDirectories(base.resolve("ext4"));
    ext4Loop = loopOver(base.resolve("ext4.img"), "128M");
    run("mkfs.ext4", "-q", "-F", "-b", "4096", ext4Loop);
    mount(ext4Loop, ext4Mount);
  }

  @AfterAll
  static void undo() throws IOException {
    for (Command step : UNDO) {
      try {
        SHELL.run(step);
      } catch (IOException e) {
        System.out.println(PREFIX + "cleanup step '" + step.display() + "' failed: " + e.getMessage());
      }
    }
    UNDO.clear();
    if (base != null) {
      try (Stream<Path> paths = Files.walk(base)) {
        for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  @Test
  void aSnapshotOnBtrfsIsTakenBesideTheSubvolumeReportedAndRemoved() throws Exception {
    Path dir = Files.createDirectories(btrfsMount.resolve("data/db"));
    JsonNode json = probe(dir, "auto", "snapshot.json");

    String location = json.at("/snapshot/location").asText();
    assertThat(json.at("/snapshot/taken").asBoolean()).isTrue();
    assertThat(json.at("/snapshot/kind").asText()).isEqualTo("btrfs subvolume snapshot");
    assertThat(json.at("/snapshot/source").asText()).as("the subvolume's root, found above PATH")
        .isEqualTo(btrfsMount.resolve("data").toString());
    assertThat(location).startsWith(btrfsMount.resolve("data-cow-probe-snapshot-").toString());
    assertThat(json.at("/snapshot/removed").asBoolean()).isTrue();
    assertThat(Path.of(location)).as("the snapshot is gone").doesNotExist();
    assertThat(run("btrfs", "subvolume", "list", btrfsMount.toString())).doesNotContain("cow-probe-snapshot");
    assertThat(phaseNames(json)).containsExactly("fill", "snapshot", "rewrite", "read");
    assertFragmented(json);
  }

  @Test
  void btrfsFragmentsTheRewrittenFileWithoutASnapshotToo() throws Exception {
    Path dir = Files.createDirectories(btrfsMount.resolve("data/plain"));
    JsonNode json = probe(dir, "none", "none.json");

    assertThat(json.at("/snapshot/taken").asBoolean()).isFalse();
    assertThat(json.at("/snapshot/notTakenReason").asText()).isEqualTo("not asked (--snapshot none)");
    assertThat(phaseNames(json)).containsExactly("fill", "rewrite", "read");
    assertFragmented(json);
  }

  @Test
  void ext4HasNoSnapshotAndRewritesInPlace() throws Exception {
    JsonNode json = probe(Files.createDirectories(ext4Mount.resolve("db")), "auto", "ext4.json");

    assertThat(json.at("/snapshot/taken").asBoolean()).isFalse();
    assertThat(json.at("/snapshot/notTakenReason").asText()).isEqualTo("ext4 on " + ext4Loop
        + " has no snapshot mechanism the probe can use (it knows: btrfs subvolume)");
    long before = json.at("/extents/afterFill").asLong(-1);
    assertThat(before).isPositive();
    assertThat(json.at("/extents/afterRewrite").asLong(-1)).as("ext4 overwrites allocated blocks in place")
        .isEqualTo(before);
  }

  /** Runs the probe through the command line on a 32 MiB file, checks what every run must show, returns its JSON. */
  private static JsonNode probe(Path dir, String snapshot, String jsonName) throws IOException {
    Path json = base.resolve(jsonName);
    Path journal = base.resolve(jsonName.replace(".json", ".jsonl"));
    CliResult result = Commitbench.execute(List.of("storage", "cow-probe", dir.toString(), "--size", "32M",
        "--rewrites", "2%", "--snapshot", snapshot, "--json", json.toString(), "--journal", journal.toString(),
        "--apply"));
    result.out().lines().forEach(line -> System.out.println(PREFIX + line));

    assertThat(result.exitCode()).as(result.describe()).isZero();
    assertThat(result.out()).contains("(applying)", "  phase          time      MiB/s       ops/s  detail",
        "8,192 writes of 4 KiB", "163 writes of 4 KiB", "32 reads of 1 MiB", "# written: " + json);
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    assertThat(root.get("schema").asText()).isEqualTo("commitbench.cow-probe/1");
    assertThat(root.at("/spec/rewrites").asInt()).isEqualTo(163);
    assertThat(root.at("/cache/dropped").asBoolean()).isTrue();
    assertThat(root.at("/cache/residentBytesBeforeRead").asLong(-1)).as("the read starts from an empty cache")
        .isZero();
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).as("the probe file is deleted").isEmpty();
    }
    assertThat(Files.readString(journal)).contains("\"text\":\"completed\"");
    return root;
  }

  private static void assertFragmented(JsonNode json) {
    long before = json.at("/extents/afterFill").asLong(-1);
    long after = json.at("/extents/afterRewrite").asLong(-1);
    System.out.println(PREFIX + "extents: " + before + " after the fill, " + after + " after the rewrite");
    assertThat(before).isPositive();
    assertThat(after).as("copy-on-write moves each rewritten block: more extents than after the fill")
        .isGreaterThan(before);
  }

  private static List<String> phaseNames(JsonNode json) {
    List<String> names = new ArrayList<>();
    json.get("phases").forEach(p -> names.add(p.get("name").asText()));
    return names;
  }

  private static String loopOver(Path image, String size) throws IOException {
    run("truncate", "-s", size, image.toString());
    String loop = run("losetup", "-f", "--show", image.toString()).strip();
    UNDO.add(0, command("losetup", "-d", loop));
    return loop;
  }

  private static void mount(String device, Path mountPoint) throws IOException {
    run("mount", device, mountPoint.toString());
    UNDO.add(0, command("umount", mountPoint.toString()));
  }

  /** Skips the test, printing why, when this host cannot build the filesystems. */
  private static void requirements() throws IOException {
    String reason = null;
    List<String> missing = Stream.of("mkfs.btrfs", "btrfs", "mkfs.ext4", "filefrag", "losetup")
        .filter(t -> Programs.find(t).isEmpty()).toList();
    if (!Programs.runningAsRoot()) {
      reason = "not root: losetup, mount and btrfs snapshots need root";
    } else if (!Files.exists(Path.of("/dev/loop-control"))) {
      reason = "no /dev/loop-control: this kernel has no loop devices";
    } else if (!Files.readString(Path.of("/proc/filesystems")).contains("btrfs")) {
      reason = "no btrfs in /proc/filesystems: this kernel cannot mount btrfs";
    } else if (!missing.isEmpty()) {
      reason = "missing " + String.join(", ", missing) + " (packages btrfs-progs, e2fsprogs, mount)";
    }
    if (reason != null) {
      System.out.println(PREFIX + "skipped: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
  }

  private static String run(String... argv) throws IOException {
    return SHELL.run(command(argv)).stdout();
  }

  /** A command with its tool found in the sbin directories, which a test's PATH may lack. */
  private static Command command(String... argv) {
    List<String> args = new ArrayList<>(List.of(argv));
    args.set(0, Programs.find(args.get(0)).map(Path::toString).orElse(args.get(0)));
    return Command.of(args);
  }
}
