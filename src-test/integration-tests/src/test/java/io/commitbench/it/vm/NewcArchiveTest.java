package io.commitbench.it.vm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command archive unpacked by this host's GNU cpio (the format the kernel reads): the layout
 * guest-init.sh expects, contents byte for byte, lengths that exercise the 4-byte padding.
 */
class NewcArchiveTest {

  @TempDir
  Path dir;

  @Test
  void gnuCpioUnpacksTheCommandsAsGuestInitReadsThem() throws Exception {
    Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/cpio")) || Files.isExecutable(Path.of("/bin/cpio")),
        "GNU cpio is not installed (scripts/vm/prepare.sh installs it)");
    List<GuestScript> scripts = List.of(
        new GuestScript("lvm-classic", List.of("pvcreate /dev/loop0", "echo 'it''s' && lvs\nexit 0")),
        new GuestScript("x", List.of("a", "bc", "def", "ghij")));
    Path archive = Files.write(dir.resolve("commands.cpio"), CommandArchive.of(scripts));
    Path out = Files.createDirectory(dir.resolve("out"));

    Process cpio = new ProcessBuilder("cpio", "-i", "--quiet", "-F", archive.toString()).directory(out.toFile())
        .redirectErrorStream(true).start();
    assertThat(cpio.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(cpio.exitValue()).as(new String(cpio.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();

    assertThat(files(out)).containsExactly(
        "commitbench/scripts/01-lvm-classic/0001", "commitbench/scripts/01-lvm-classic/0002",
        "commitbench/scripts/02-x/0001", "commitbench/scripts/02-x/0002", "commitbench/scripts/02-x/0003",
        "commitbench/scripts/02-x/0004");
    assertThat(Files.readString(out.resolve("commitbench/scripts/01-lvm-classic/0002")))
        .isEqualTo("echo 'it''s' && lvs\nexit 0\n");
    assertThat(Files.readString(out.resolve("commitbench/scripts/02-x/0003"))).isEqualTo("def\n");
  }

  private static List<String> files(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      return paths.filter(Files::isRegularFile).map(p -> root.relativize(p).toString())
          .sorted(Comparator.naturalOrder()).toList();
    }
  }
}
