package io.commitbench.core.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

  @TempDir
  Path dir;

  @Test
  void bothWaysReplaceTheWholeFileAndLeaveNoTempFile() throws Exception {
    Path file = dir.resolve("summary.json");
    AtomicFiles.write(file, "first, and longer than the second".getBytes(StandardCharsets.UTF_8));
    AtomicFiles.replaceVolatile(file, "second".getBytes(StandardCharsets.UTF_8));
    assertThat(file).hasContent("second");
    AtomicFiles.write(file, "third".getBytes(StandardCharsets.UTF_8));
    assertThat(file).hasContent("third");
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(file);
    }
  }
}
