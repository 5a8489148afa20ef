package io.commitbench.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StorageLocator} on this machine's real {@code /proc} and {@code /sys}: a temporary
 * directory, then a file system of its own on a loop device over a file (needs root and loop
 * support; skipped with the reason printed otherwise). The loop test cleans up (unmount, detach,
 * delete) whatever it set up, also when it fails.
 */
class StorageLocatorOnThisMachineTest {

  private static final String PREFIX = "[commitbench-test] ";

  @TempDir Path temp;

  private final StorageLocator locator = StorageLocator.system();

  @Test
  void aTemporaryDirectoryIsOnTheMountTheKernelNames() throws IOException {
    Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/mountinfo")), "no /proc/self/mountinfo: not Linux");
    PathStorage s = locator.locate(temp);
    MountInfo expected = MountTable.read(Path.of("/proc/self/mountinfo")).mountOf(temp.toRealPath()).orElseThrow();
    assertThat(s.mount()).isEqualTo(expected);
    assertThat(s.mount().filesystem()).isNotBlank();
    assertThat(s.freeBytes()).isPresent();
    assertThat(s.totalBytes().getAsLong()).isGreaterThanOrEqualTo(s.freeBytes().getAsLong());
    if (s.devices().isEmpty()) {
      assertThat(s.noDeviceReason()).contains(s.mount().filesystem());
    } else {
      assertThat(s.leaves()).allSatisfy(d -> {
        assertThat(d.rotational()).isPresent();
        assertThat(d.logicalBlockSize().getAsLong()).isIn(512L, 1024L, 2048L, 4096L);
      });
    }
    System.out.println(PREFIX + temp + ": " + s.mount().filesystem() + " on " + s.mount().source() + ", "
        + (s.devices().isEmpty() ? s.noDeviceReason() : s.devices().get(0).chain()));
  }

  @Test
  void anExt4OnALoopDeviceStandsOnTheDeviceOfItsImage() throws Exception {
    requireRootAndLoopDevices();
    Path image = temp.resolve("fs.img");
    Path mountPoint = Files.createDirectories(temp.resolve("mnt"));
    run("truncate", "-s", "64M", image.toString());
    String loop = run("losetup", "-f", "--show", image.toString()).trim();
    boolean mounted = false;
    try {
      run("mkfs.ext4", "-q", "-F", loop);
      run("mount", "-o", "noatime", loop, mountPoint.toString());
      mounted = true;
      Path wal = Files.createDirectories(mountPoint.resolve("pg_wal"));
      Path link = Files.createSymbolicLink(Files.createDirectories(temp.resolve("pgdata")).resolve("pg_wal"), wal);

      PathStorage s = locator.locate(link);
      PathStorage imageStorage = locator.locate(image);

      assertThat(s.realPath()).isEqualTo(wal.toRealPath());
      assertThat(s.mount().filesystem()).isEqualTo("ext4");
      assertThat(s.mount().allOptions()).contains("noatime");
      BlockDevice device = s.devices().get(0);
      assertThat("/dev/" + device.name()).isEqualTo(loop);
      assertThat(device.kind()).isEqualTo(BlockDevice.Kind.LOOP);
      assertThat(device.detail()).isEqualTo(image.toRealPath() + " on " + imageStorage.mount().filesystem());
      assertThat(device.rotational()).isPresent();
      assertThat(device.below()).isEqualTo(imageStorage.devices());
      assertThat(s.freeBytes().getAsLong()).isBetween(1L, 64L * 1024 * 1024);
      System.out.println(PREFIX + "loop: " + device.chain());
    } finally {
      if (mounted) {
        run("umount", mountPoint.toString());
      }
      run("losetup", "-d", loop);
    }
  }

  @Test
  void aLoopDeviceOverMemoryIsNonRotational() throws Exception {
    requireRootAndLoopDevices();
    Path shm = Path.of("/dev/shm");
    Assumptions.assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm), "no writable /dev/shm");
    Path image = Files.createTempFile(shm, "commitbench-test-", ".img");
    Path mountPoint = Files.createDirectories(temp.resolve("mnt"));
    String loop = null;
    boolean mounted = false;
    try {
      run("truncate", "-s", "32M", image.toString());
      loop = run("losetup", "-f", "--show", image.toString()).trim();
      run("mkfs.ext4", "-q", "-F", loop);
      run("mount", loop, mountPoint.toString());
      mounted = true;

      PathStorage s = locator.locate(mountPoint);
      BlockDevice device = s.devices().get(0);
      assertThat(device.below()).isEmpty();
      assertThat(device.belowNote()).contains("tmpfs").contains("has no block device");
      assertThat(s.leaves()).containsExactly(device);
      assertThat(device.rotational()).contains(false);
    } finally {
      if (mounted) {
        run("umount", mountPoint.toString());
      }
      if (loop != null) {
        run("losetup", "-d", loop);
      }
      Files.deleteIfExists(image);
    }
  }

  private static void requireRootAndLoopDevices() throws IOException {
    String reason = null;
    if (!"root".equals(System.getProperty("user.name"))) {
      reason = "not root (user " + System.getProperty("user.name") + "): loop devices and mount need root";
    } else if (!Files.exists(Path.of("/dev/loop-control"))) {
      reason = "no /dev/loop-control: this kernel has no loop devices";
    } else {
      for (String tool : List.of("losetup", "mkfs.ext4", "mount", "umount", "truncate")) {
        if (!onPath(tool)) {
          reason = "no " + tool + " on PATH";
        }
      }
    }
    if (reason != null) {
      System.out.println(PREFIX + "skipped: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
  }

  private static boolean onPath(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return Files.isExecutable(Path.of("/usr/sbin", tool)) || Files.isExecutable(Path.of("/sbin", tool));
  }

  /** Runs a command (no shell), draining both streams; fails with its stderr on a non-zero exit. */
  private static String run(String... command) throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of(command));
    if (!onPathStrict(args.get(0))) {
      for (String dir : List.of("/usr/sbin", "/sbin")) {
        if (Files.isExecutable(Path.of(dir, args.get(0)))) {
          args.set(0, dir + "/" + args.get(0));
        }
      }
    }
    Process process = new ProcessBuilder(args).start();
    CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> drain(process.getInputStream()));
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> drain(process.getErrorStream()));
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IOException(String.join(" ", args) + ": no exit within 60 s");
    }
    if (process.exitValue() != 0) {
      throw new IOException(String.join(" ", args) + ": exit " + process.exitValue() + ": " + err.join().strip());
    }
    return out.join();
  }

  private static boolean onPathStrict(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }

  private static String drain(InputStream in) {
    try (in) {
      ByteArrayOutputStream buffer = new ByteArrayOutputStream();
      in.transferTo(buffer);
      return buffer.toString(StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
