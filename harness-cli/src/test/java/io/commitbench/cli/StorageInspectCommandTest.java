package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code storage inspect} as a user meets it: help, bad input with exit 2, a probe of a temp dir. */
class StorageInspectCommandTest {

  @TempDir Path dir;

  @Test
  void helpExplainsTheProbeAndTheExitCodes() {
    CliRun r = CliRun.execute("storage", "inspect", "--help");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("--probe", "--writes", "10..100000", "fdatasync", "commitbench.inspect/1",
        "Exit codes:");
    assertThat(CliRun.execute("storage", "--help").out()).contains("inspect");
  }

  @Test
  void writesOutOfRangeOrWithoutProbeIsBadInput() {
    CliRun low = CliRun.execute("storage", "inspect", dir.toString(), "--probe", "--writes", "9");
    assertThat(low.exitCode()).isEqualTo(2);
    assertThat(low.err()).contains("Invalid value '9' for option '--writes': give 10..100000");
    CliRun high = CliRun.execute("storage", "inspect", dir.toString(), "--probe", "--writes", "100001");
    assertThat(high.exitCode()).isEqualTo(2);
    CliRun alone = CliRun.execute("storage", "inspect", dir.toString(), "--writes", "50");
    assertThat(alone.exitCode()).isEqualTo(2);
    assertThat(alone.err()).contains("--writes 50 needs --probe");
  }

  @Test
  void aMissingPathIsNamedAndNothingIsProbed() throws Exception {
    Path missing = dir.resolve("missing");
    CliRun r = CliRun.execute("storage", "inspect", dir.toString(), missing.toString(), "--probe");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("refused: no such path: " + missing);
    assertThat(r.out()).isEmpty();
  }

  @Test
  void aJsonFileInAMissingDirectoryIsBadInputBeforeAnythingIsProbed() {
    Path json = dir.resolve("missing/out.json");
    CliRun r = CliRun.execute("storage", "inspect", dir.toString(), "--probe", "--writes", "10", "--json",
        json.toString());
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err()).contains("--json " + json + ": its directory " + dir.resolve("missing") + " does not exist;"
        + " allowed: a file in an existing directory").doesNotContain(".tmp");
    assertThat(r.out()).as("nothing was inspected").isEmpty();
  }

  @Test
  void probesATempDirectoryAndWritesTheJson() throws Exception {
    Path json = dir.resolve("out.json");
    Path probed = Files.createDirectory(dir.resolve("probed"));
    CliRun r = CliRun.execute("storage", "inspect", probed.toString(), "--probe", "--writes", "10", "--json", json.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).startsWith(probed + "\n").contains("  mount           : ", "commit floor    : p50 ",
        "over 10 writes", "[fdatasync probe, 10 × 8 KiB writes", "# written: " + json);
    assertThat(Files.readString(json)).contains("\"schema\" : \"commitbench.inspect/1\"");
    try (Stream<Path> left = Files.list(probed)) {
      assertThat(left).isEmpty();
    }
  }
}
