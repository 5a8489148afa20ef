package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.ProcessCommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code commitbench storage inspect} on a real lab device: an ext4 on a loop device over a file in
 * {@code /dev/shm} (the "SSD-like" device). The chain must show the loop device and its backing
 * file, rotational must be 0, and {@code --probe} must record one sample per write and leave no
 * file behind; {@code --json} must parse and carry its schema. Then the refusals: a missing path
 * (nothing probed) and a read-only mount. Everything is undone afterwards: unmounted, detached,
 * deleted.
 *
 * <p>Needs root, loop devices, a writable {@code /dev/shm} and mkfs.ext4; skipped with the reason
 * printed otherwise.
 */
class StorageInspectIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final int WRITES = 50;

  private final ProcessCommandRunner shell = ProcessCommandRunner.standard();

  @Test
  void inspectsAndProbesAnExt4OnALoopDeviceOverMemory() throws Exception {
    requirements();
    Path base = Files.createTempDirectory("inspect-it-");
    Path image = Files.createTempFile(Path.of("/dev/shm"), "inspect-it-", ".img");
    List<Command> undo = new ArrayList<>();
    try {
      Path mnt = Files.createDirectories(base.resolve("mnt"));
      run("truncate", "-s", "64M", image.toString());
      String loop = run("losetup", "-f", "--show", image.toString()).strip();
      undo.add(0, command("losetup", "-d", loop));
      run("mkfs.ext4", "-q", "-F", loop);
      run("mount", "-o", "noatime", loop, mnt.toString());
      undo.add(0, command("umount", mnt.toString()));
      Path wal = Files.createDirectories(mnt.resolve("wal"));
      Path json = base.resolve("inspect.json");

      CliResult result = Commitbench.execute(List.of("storage", "inspect", wal.toString(), "--probe",
          "--writes", Integer.toString(WRITES), "--json", json.toString()));
      result.out().lines().forEach(line -> System.out.println(PREFIX + line));

      String device = loop.substring("/dev/".length());
      assertThat(result.exitCode()).as(result.describe()).isZero();
      assertThat(result.out()).contains(
          "  mount           : " + mnt.toRealPath() + ", ext4 from " + loop,
          "  device chain    : " + device + " (loop, " + image.toRealPath() + " on tmpfs)",
          "  rotational      : no (0",
          "over " + WRITES + " writes",
          "[fdatasync probe, " + WRITES + " × 8 KiB writes");
      assertThat(result.out()).containsPattern("mount options   : [^\\n]*noatime");
      try (Stream<Path> left = Files.list(wal)) {
        assertThat(left).as("probe file deleted").isEmpty();
      }

      JsonNode root = new ObjectMapper().readTree(json.toFile());
      assertThat(root.get("schema").asText()).isEqualTo("commitbench.inspect/1");
      JsonNode path = root.get("paths").get(0);
      assertThat(path.at("/mount/filesystem").asText()).isEqualTo("ext4");
      assertThat(path.at("/devices/0/name").asText()).isEqualTo(device);
      assertThat(path.at("/devices/0/kind").asText()).isEqualTo("loop");
      assertThat(path.at("/devices/0/detail").asText()).isEqualTo(image.toRealPath() + " on tmpfs");
      assertThat(path.at("/devices/0/rotational").asBoolean(true)).isFalse();
      assertThat(path.at("/facts/rotational").asText()).isEqualTo("0");
      assertThat(path.at("/probe/writes").asInt()).isEqualTo(WRITES);
      double p50 = path.at("/probe/latencyMicros/p50").asDouble();
      double p99 = path.at("/probe/latencyMicros/p99").asDouble();
      double max = path.at("/probe/latencyMicros/max").asDouble();
      assertThat(p50).isPositive().isLessThanOrEqualTo(p99);
      assertThat(p99).isLessThanOrEqualTo(max);

      Path missing = base.resolve("no-such-dir");
      CliResult refused = Commitbench.execute(List.of("storage", "inspect", wal.toString(), missing.toString(),
          "--probe"));
      assertThat(refused.exitCode()).as(refused.describe()).isEqualTo(2);
      assertThat(refused.err()).contains("no such path: " + missing);
      assertThat(refused.out()).doesNotContain("commit floor");

      run("mount", "-o", "remount,ro", mnt.toString());
      CliResult readOnly = Commitbench.execute(List.of("storage", "inspect", wal.toString(), "--probe"));
      assertThat(readOnly.exitCode()).as(readOnly.describe()).isEqualTo(2);
      assertThat(readOnly.err()).contains("cannot probe " + wal + ": not writable");
      System.out.println(PREFIX + "inspected " + wal + " on " + loop + " over " + image + ": p50 " + p50 + " µs, p99 "
          + p99 + " µs, max " + max + " µs");
    } finally {
      for (Command step : undo) {
        try {
          shell.run(step);
        } catch (IOException e) {
          System.out.println(PREFIX + "cleanup step '" + step.display() + "' failed: " + e.getMessage());
        }
      }
      Files.deleteIfExists(image);
      try (Stream<Path> paths = Files.walk(base)) {
        for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  /** Skips the test, printing why, when this host cannot build the device. */
  private static void requirements() {
    String reason = null;
    if (!"root".equals(System.getProperty("user.name"))) {
      reason = "not root: losetup and mount need root";
    } else if (!Files.exists(Path.of("/dev/loop-control"))) {
      reason = "no /dev/loop-control: this kernel has no loop devices";
    } else if (!Files.isWritable(Path.of("/dev/shm"))) {
      reason = "no writable /dev/shm";
    } else if (tool("mkfs.ext4").equals("mkfs.ext4")) {
      reason = "no mkfs.ext4 (package e2fsprogs)";
    }
    if (reason != null) {
      System.out.println(PREFIX + "skipped: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
  }

  private String run(String... argv) throws IOException {
    return shell.run(command(argv)).stdout();
  }

  /** A command with its tool found in the sbin directories, which a test's PATH may lack. */
  private static Command command(String... argv) {
    List<String> args = new ArrayList<>(List.of(argv));
    args.set(0, tool(args.get(0)));
    return Command.of(args);
  }

  private static String tool(String name) {
    for (String dir : List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin")) {
      if (Files.isExecutable(Path.of(dir, name))) {
        return dir + "/" + name;
      }
    }
    return name;
  }
}
