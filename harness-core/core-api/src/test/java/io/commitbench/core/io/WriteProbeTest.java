package io.commitbench.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe on a writable directory leaves nothing behind; where it cannot write it says why. */
class WriteProbeTest {

  @TempDir Path dir;

  @Test
  void aWritableDirectoryPassesAndKeepsNoProbe() throws IOException {
    WriteProbe.check(dir);

    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void whereNothingCanBeWrittenTheReasonIsGiven() {
    Path absent = dir.resolve("absent");

    assertThatThrownBy(() -> WriteProbe.check(absent)).isInstanceOf(UnwritableDirectoryException.class)
        .hasMessage("cannot write " + WriteProbe.PROBE_BYTES + " bytes to " + absent + " (NoSuchFileException: "
            + absent.resolve(WriteProbe.PROBE_NAME) + ")");
  }
}
