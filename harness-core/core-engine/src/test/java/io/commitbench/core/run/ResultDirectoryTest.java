package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.io.UnwritableDirectoryException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run's folder is made and probed for room before anything else happens; where that fails
 * the reason comes as an {@link UnwritableDirectoryException} naming the folder, not as a bare
 * path.
 */
class ResultDirectoryTest {

  @TempDir Path dir;

  @Test
  void aTakenNameGetsASuffixAndTheProbeLeavesNothing() throws IOException {
    Path first = ResultDirectory.create(dir, "r");
    Path second = ResultDirectory.create(dir, "r");

    assertThat(first).isEqualTo(dir.resolve("r"));
    assertThat(second).isEqualTo(dir.resolve("r-2"));
    try (Stream<Path> left = Files.list(second)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void aFileWhereTheResultsShouldGoIsNamedWithTheReason() throws IOException {
    Path file = Files.writeString(dir.resolve("results"), "x");

    assertThatThrownBy(() -> ResultDirectory.create(file, "r")).isInstanceOf(UnwritableDirectoryException.class)
        .hasMessage("cannot create the run's folder r in " + file + " (FileAlreadyExistsException: " + file + ")");
  }
}
