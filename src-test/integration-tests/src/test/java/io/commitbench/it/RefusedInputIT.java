package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.Repository;
import io.commitbench.it.support.Workload;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input that java.util.Properties or a run's start would take, or report obscurely, given to
 * the shaded jar as a user gives it: each is refused with exit code 2 and a message that names the
 * key or file, the value and what is allowed, before anything is written or any database
 * contacted. The full filesystems are small tmpfs mounts of the test's own (root only; skipped
 * with the reason otherwise).
 */
class RefusedInputIT {

  private static final Workload SHORT = new Workload(2, 0, 1, 5, 2);
  private static final String NOTHING_RUN = "nothing was run and no database was contacted.";

  @TempDir Path tmp;

  @Test
  void aKeyGivenTwiceIsRefusedWithBothValues() throws Exception {
    Path file = write("twice.properties", paperText() + "repeat=5\n");

    CliResult cli = run(file, Map.of());

    assertRefused(cli, "  - repeat=5: given 2 times in " + file + " (repeat=2, then repeat=5); allowed: each key once");
  }

  @Test
  void aPortThatIsNotANumberIsRefused() throws Exception {
    CliResult cli = run(write("p.properties", paperText()), Map.of("db.url", "jdbc:postgresql://127.0.0.1:5432x/test"));

    assertRefused(cli, "  - db.url=jdbc:postgresql://127.0.0.1:5432x/test: port '5432x' of host 127.0.0.1 is not a"
        + " port number; allowed: a whole number from 1 to 65535");
  }

  /** H2 runs INIT when it opens the database; refused first, the file INIT would write is never made. */
  @Test
  void aUrlSettingThatRunsSqlIsRefusedAndNeverRuns() throws Exception {
    Path madeByInit = tmp.resolve("made-by-init.csv");
    String url = "jdbc:h2:mem:refused;INIT=CALL CSVWRITE('" + madeByInit + "', 'SELECT 1')";

    CliResult cli = run(write("p.properties", paperText()), Map.of("db.url", url));

    assertRefused(cli, "  - db.url=" + url + ": sets INIT, which makes H2 run that SQL when it opens the database");
    assertThat(cli.err()).contains("allowed: a URL without INIT, or db.url.trusted=true");
    assertThat(madeByInit).as("the SQL INIT names did not run").doesNotExist();
  }

  @Test
  void aResultsDirThatIsAFileIsRefusedNamingIt() throws Exception {
    Path taken = Files.writeString(tmp.resolve("taken"), "x");

    CliResult cli = Commitbench.jar(List.of("run", write("p.properties", paperText()).toString(),
        "--set", "results.dir=" + taken));

    assertRefused(cli, "  - results.dir=" + taken + ": is an existing file, not a directory; allowed: a directory,"
        + " or a path where one can be created");
    assertThat(taken).hasContent("x");
  }

  @Test
  void binaryGarbageIsRefusedAsNotTextWithItsOffset() throws Exception {
    byte[] garbage = {'u', 's', 'e', 'r', 's', '=', '2', '\n', (byte) 0xC3, (byte) 0x28, 0x11, (byte) 0xFF};
    Path file = Files.write(tmp.resolve("garbage.properties"), garbage);

    CliResult cli = run(file, Map.of());

    assertRefused(cli, "  - file=" + file + ": not UTF-8 text: byte 0xC3 at offset 8 (line 2) is not valid UTF-8;"
        + " allowed: a Java .properties file saved as UTF-8 text");
  }

  /** Windows editors write one; Properties would make it part of the first key, an unknown key no one could see. */
  @Test
  void aUtf8ByteOrderMarkIsIgnored() throws Exception {
    Path file = tmp.resolve("bom.properties");
    try (OutputStream out = Files.newOutputStream(file)) {
      out.write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
      out.write(paperText().getBytes(StandardCharsets.UTF_8));
    }

    CliResult cli = Commitbench.jar(List.of("validate", file.toString(), "--set", "results.dir=" + tmp.resolve("r")));

    assertThat(cli.exitCode()).as(cli::describe).isZero();
    assertThat(cli.out()).as(cli::describe).contains("users=2");
  }

  /** No room at all: refused when the configuration is bound, by validate as well as by run. */
  @Test
  void aFullResultsFilesystemIsRefusedBeforeTheRun() throws Exception {
    Path mount = tmpfs("size=256k");
    try {
      fullBeforeTheRun(mount);
    } finally {
      unmount(mount);
    }
  }

  /** The same on ext4 over a loop device, the filesystem a results disk is likely to have. */
  @Test
  void aFullExt4ResultsFilesystemOnALoopDeviceIsRefusedBeforeTheRun() throws Exception {
    Ext4 fs = ext4("full");
    try {
      fullBeforeTheRun(fs.mount());
    } finally {
      fs.remove();
    }
  }

  private void fullBeforeTheRun(Path mount) throws Exception {
    fill(mount);
    Path results = mount.resolve("results");
    for (String command : List.of("validate", "run")) {
      CliResult cli = Commitbench.jar(List.of(command, write("p.properties", paperText()).toString(),
          "--set", "results.dir=" + results));

      assertRefused(cli, "  - results.dir=" + results + ": the filesystem of " + mount + " has 0 bytes free;"
          + " allowed: a directory on a filesystem with at least 1048576 bytes (1 MiB) free");
      assertThat(cli.out()).doesNotContain("results written to");
      assertThat(results).as("results.dir on the full filesystem").doesNotExist();
    }
  }

  /**
   * Space, but no inode left for a file: the configuration passes, and the probe of the run's
   * folder stops the run before it starts, instead of the run failing every result file and
   * still printing "results written to".
   */
  @Test
  void aFilesystemThatTakesNoFileStopsTheRunAtItsStart() throws Exception {
    Path mount = tmpfs("size=8m,nr_inodes=16");
    try {
      List<Path> files = new ArrayList<>();
      for (int i = 0; ; i++) {
        try {
          files.add(Files.createFile(mount.resolve("f" + i)));
        } catch (IOException full) {
          break;
        }
      }
      // One inode for the run's folder, none for a file in it.
      Files.delete(files.get(0));

      CliResult cli = run(write("p.properties", paperText()), Map.of("results.dir", mount.toString(), "run.id", "r"));

      assertThat(cli.exitCode()).as(cli::describe).isEqualTo(2);
      assertThat(cli.err()).as(cli::describe).startsWith("error: results.dir=" + mount + ": cannot write 65536 bytes"
          + " to " + mount.resolve("r") + " (").contains("No space left on device", NOTHING_RUN);
      assertThat(cli.out()).as(cli::describe).doesNotContain("results written to");
      assertThat(mount.resolve("r")).as("the run's folder is removed again").doesNotExist();
    } finally {
      unmount(mount);
    }
  }

  /**
   * Room at the start, none soon after: the run measures on, fails because its results cannot be
   * written, and its last line says the results are incomplete instead of "results written to".
   */
  @Test
  void aResultsFilesystemThatFillsDuringTheRunEndsSayingTheResultsAreIncomplete() throws Exception {
    Path mount = tmpfs("size=2m");
    try {
      fillsDuringTheRun(mount);
    } finally {
      unmount(mount);
    }
  }

  /** The same on ext4 over a loop device (delayed allocation, a journal, blocks kept for root). */
  @Test
  void anExt4ResultsFilesystemOnALoopDeviceThatFillsDuringTheRunEndsSayingTheResultsAreIncomplete()
      throws Exception {
    Ext4 fs = ext4("fills");
    try {
      fillsDuringTheRun(fs.mount());
    } finally {
      fs.remove();
    }
  }

  private void fillsDuringTheRun(Path mount) throws Exception {
    Path file = write("p.properties", paperText().replaceAll("(?m)^repeat=.*\n", "") + "duration=6\n");
    Path out = tmp.resolve("out.txt");
    List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        Repository.jar().toString(), "run", file.toString(), "--set", "results.dir=" + mount, "--set", "run.id=r",
        "--set", "db.url=jdbc:h2:file:" + tmp.resolve("h2").resolve("db"));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!Files.readString(out).contains("connected:") && process.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      assertThat(Files.readString(out)).as("the run started measuring").contains("connected:");
      fill(mount);
      assertThat(process.waitFor(90, TimeUnit.SECONDS)).as("the run ended").isTrue();
    } finally {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
    String output = Files.readString(out);
    assertThat(process.exitValue()).as(output).isEqualTo(1);
    assertThat(output).as(output).doesNotContain("results written to")
        .contains("results incomplete in " + mount.resolve("r"));
  }

  /** An ext4 filesystem of the test's own: an 8 MiB image under the test's folder, a loop device, a mount. */
  private record Ext4(Path mount, String loop) {
    void remove() throws Exception {
      try {
        unmount(mount);
      } finally {
        command("losetup", "-d", loop);
      }
    }
  }

  private Ext4 ext4(String name) throws Exception {
    requireRoot("a loop device and a mount");
    Path image = tmp.resolve(name + ".img");
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(image.toFile(), "rw")) {
      f.setLength(8L << 20);
    }
    command("mkfs.ext4", "-q", "-F", image.toString());
    Process losetup = new ProcessBuilder("losetup", "-f", "--show", image.toString()).redirectErrorStream(true).start();
    String loop = new String(losetup.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(losetup.waitFor()).as("losetup: %s", loop).isZero();
    Path mount = Files.createDirectory(tmp.resolve(name));
    try {
      command("mount", "-t", "ext4", loop, mount.toString());
    } catch (AssertionError | Exception e) {
      command("losetup", "-d", loop);
      throw e;
    }
    return new Ext4(mount, loop);
  }

  private CliResult run(Path file, Map<String, String> overrides) throws Exception {
    List<String> args = new ArrayList<>(List.of("run", file.toString()));
    if (!overrides.containsKey("results.dir")) {
      args.addAll(List.of("--set", "results.dir=" + tmp.resolve("results")));
    }
    overrides.forEach((k, v) -> args.addAll(List.of("--set", k + "=" + v)));
    return Commitbench.jar(args);
  }

  private void assertRefused(CliResult cli, String problemLine) {
    assertThat(cli.exitCode()).as(cli::describe).isEqualTo(2);
    assertThat(cli.err().lines()).as(cli::describe).contains("error: 1 problem in the configuration:", NOTHING_RUN)
        .anySatisfy(l -> assertThat(l).startsWith(problemLine));
    assertThat(cli.out()).as("stdout of a refused command").isBlank();
    assertThat(tmp.resolve("results")).as("results.dir of a refused run").doesNotExist();
  }

  private static String paperText() {
    StringBuilder text = new StringBuilder();
    SHORT.keys().forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
    return text.toString();
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(tmp.resolve(name), text, StandardCharsets.UTF_8);
  }

  /** A tmpfs of the test's own under its temp folder. */
  private Path tmpfs(String options) throws Exception {
    requireRoot("mounting a small tmpfs");
    Path mount = Files.createDirectory(tmp.resolve("fs"));
    command("mount", "-t", "tmpfs", "-o", options, "commitbench-it", mount.toString());
    return mount;
  }

  private static void requireRoot(String what) {
    Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), () -> {
      System.out.println(DatabaseTargets.LOG_PREFIX + "skipped: " + what + " needs root");
      return what + " needs root";
    });
  }

  private static void fill(Path mount) throws IOException {
    byte[] block = new byte[4096];
    try (OutputStream out = Files.newOutputStream(mount.resolve("fill"))) {
      while (true) {
        out.write(block);
        out.flush();
      }
    } catch (IOException full) {
      // No space left on device: what the test wants.
    }
    assertThat(Files.getFileStore(mount).getUsableSpace()).as("usable bytes of the filled tmpfs").isZero();
  }

  private static void unmount(Path mount) throws Exception {
    command("umount", mount.toString());
  }

  private static void command(String... command) throws Exception {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("%s finished", List.of(command)).isTrue();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as("%s: %s", List.of(command), output).isZero();
  }
}
