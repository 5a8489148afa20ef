package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.environment.EnvironmentCollector;
import io.commitbench.core.environment.EnvironmentText;
import io.commitbench.core.server.Fact;
import io.commitbench.it.support.DatabaseTargets;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The case the environment facts exist for: a PostgreSQL cluster whose {@code pg_wal} is a
 * symlink to an ext4 on a loop device over a file in {@code /dev/shm} (an "SSD-like" device,
 * rotational 0), while the data directory stays on the machine's disk. The facts must follow the
 * symlink to that filesystem and device. A private cluster is made for it ({@code initdb
 * --waldir} as the postgres OS user, on a free port) and everything is undone afterwards:
 * server stopped, filesystem unmounted, loop device detached, files deleted.
 *
 * <p>Needs root, loop devices, PostgreSQL's server binaries and a {@code postgres} OS user;
 * skipped with the reason printed otherwise.
 */
class WalOnLoopDeviceIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;

  @Test
  void postgresqlWalSymlinkedToALoopDeviceOverMemory() throws Exception {
    Path bin = requirements();
    Path base = Files.createTempDirectory("commitbench-it-walloop-");
    Path image = Files.createTempFile(Path.of("/dev/shm"), "commitbench-it-wal-", ".img");
    List<String> undo = new ArrayList<>();
    try {
      Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxr-xr-x"));
      Path walFs = Files.createDirectories(base.resolve("walfs"));
      run("truncate", "-s", "64M", image.toString());
      String loop = run("losetup", "-f", "--show", image.toString()).trim();
      undo.add(0, "losetup -d " + loop);
      run("mkfs.ext4", "-q", "-F", loop);
      run("mount", "-o", "noatime", loop, walFs.toString());
      undo.add(0, "umount " + walFs);
      Path wal = Files.createDirectories(walFs.resolve("wal"));
      Path data = base.resolve("data");
      Path socket = Files.createDirectories(base.resolve("socket"));
      run("chown", "postgres:", wal.toString(), socket.toString(), base.toString());
      run("runuser", "-u", "postgres", "--", bin.resolve("initdb").toString(), "-D", data.toString(),
          "--waldir=" + wal, "-A", "trust", "-U", "postgres", "--no-sync");
      int port = freePort();
      run("runuser", "-u", "postgres", "--", bin.resolve("pg_ctl").toString(), "-D", data.toString(),
          "-l", base.resolve("server.log").toString(), "-w", "-o",
          "-p " + port + " -k " + socket + " -c listen_addresses=127.0.0.1 -c fsync=on", "start");
      undo.add(0, "stop");
      String url = "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
      List<Fact> facts;
      try (Connection admin = DriverManager.getConnection(url, "postgres", "")) {
        facts = EnvironmentCollector.collect(url, DialectRegistry.load().forUrl(url).orElseThrow(), admin);
      }
      EnvironmentText.headerLines(facts).forEach(line -> System.out.println(PREFIX + line));
      Map<String, Fact> byKey = facts.stream().collect(Collectors.toMap(f -> f.group() + "/" + f.name(), f -> f));

      assertThat(byKey.get("log_location/wal_directory").value()).isEqualTo(data + "/pg_wal");
      assertThat(Files.isSymbolicLink(data.resolve("pg_wal"))).isTrue();
      assertThat(byKey.get("log_device/wal_directory.real_path").value()).isEqualTo(wal.toRealPath().toString());
      assertThat(byKey.get("log_device/wal_directory.mount_point").value()).isEqualTo(walFs.toRealPath().toString());
      assertThat(byKey.get("log_device/wal_directory.filesystem").value()).isEqualTo("ext4");
      assertThat(byKey.get("log_device/wal_directory.mount_options").value()).contains("noatime");
      assertThat("/dev/" + byKey.get("log_device/wal_directory.device").value()).isEqualTo(loop);
      assertThat(byKey.get("log_device/wal_directory.device_chain").value())
          .contains(image.toRealPath() + " on tmpfs").contains("has no block device");
      assertThat(byKey.get("log_device/wal_directory.rotational").value()).isEqualTo("0");
      assertThat(EnvironmentText.headerLines(facts))
          .contains(" | Log Location     : " + data + "/pg_wal -> " + wal.toRealPath());
      System.out.println(PREFIX + "data directory " + data + ", WAL on " + loop + " over " + image);
    } finally {
      for (String step : undo) {
        try {
          if (step.equals("stop")) {
            run("runuser", "-u", "postgres", "--", bin.resolve("pg_ctl").toString(), "-D",
                base.resolve("data").toString(), "-m", "immediate", "-w", "stop");
          } else {
            run(step.split(" "));
          }
        } catch (IOException e) {
          System.out.println(PREFIX + "cleanup step '" + step + "' failed: " + e.getMessage());
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

  /** The PostgreSQL bin directory, or the test is skipped with the reason. */
  private static Path requirements() throws IOException, InterruptedException {
    String reason = null;
    Optional<Path> bin = Optional.empty();
    if (!"root".equals(System.getProperty("user.name"))) {
      reason = "not root: loop devices, mount and runuser need root";
    } else if (!Files.exists(Path.of("/dev/loop-control"))) {
      reason = "no /dev/loop-control: this kernel has no loop devices";
    } else if (!Files.isWritable(Path.of("/dev/shm"))) {
      reason = "no writable /dev/shm";
    } else {
      try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
        bin = versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
            .max(Comparator.naturalOrder());
      } catch (IOException e) {
        bin = Optional.empty();
      }
      if (bin.isEmpty()) {
        reason = "no PostgreSQL server binaries in /usr/lib/postgresql/*/bin";
      } else {
        try {
          run("id", "postgres");
        } catch (IOException e) {
          reason = "no postgres OS user: " + e.getMessage();
        }
      }
    }
    if (reason != null) {
      System.out.println(PREFIX + "skipped: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
    return bin.orElseThrow();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** Runs a command (no shell), draining both streams; fails with its stderr on a non-zero exit. */
  private static String run(String... command) throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of(command));
    for (String dir : List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin")) {
      if (!args.get(0).startsWith("/") && Files.isExecutable(Path.of(dir, args.get(0)))) {
        args.set(0, dir + "/" + args.get(0));
      }
    }
    Process process = new ProcessBuilder(args).start();
    CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> drain(process.getInputStream()));
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> drain(process.getErrorStream()));
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IOException(String.join(" ", args) + ": no exit within 120 s");
    }
    if (process.exitValue() != 0) {
      throw new IOException(String.join(" ", args) + ": exit " + process.exitValue() + ": " + err.join().strip()
          + " " + out.join().strip());
    }
    return out.join();
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
