package io.commitbench.core.config;

import static io.commitbench.core.config.ConfigTestSupport.bind;
import static io.commitbench.core.config.ConfigTestSupport.paperWith;
import static io.commitbench.core.config.ConfigTestSupport.problems;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * results.dir is checked when the configuration is bound: a path no run
 * folder can be made under, or a filesystem with next to no space, is bad input, reported with
 * the others, instead of failing the run at its start with the bare path as message.
 */
class ResultsDirCheckTest {

  @TempDir Path dir;

  @Test
  void anExistingFileIsRefused() throws IOException {
    Path file = Files.writeString(dir.resolve("results"), "x");

    assertThat(problems(() -> bind(paperWith("results.dir=" + file)))).containsExactly("results.dir=" + file
        + ": is an existing file, not a directory; allowed: a directory, or a path where one can be created");
  }

  @Test
  void aFileOnTheWayIsRefusedNamingIt() throws IOException {
    Path file = Files.writeString(dir.resolve("results"), "x");
    Path below = file.resolve("runs/today");

    assertThat(problems(() -> bind(paperWith("results.dir=" + below)))).containsExactly("results.dir=" + below
        + ": " + file + " is a file, so no directory can be created under it; allowed: a directory, or a path"
        + " where one can be created");
  }

  @Test
  void aNewOrExistingDirectoryIsBound() throws ConfigException {
    assertThat(bind(paperWith("results.dir=" + dir.resolve("new/results"))).resultsDirectory())
        .isEqualTo(dir.resolve("new/results"));
    assertThat(bind(paperWith("results.dir=" + dir)).resultsDirectory()).isEqualTo(dir);
  }

  @Test
  void aFullFilesystemIsRefusedWithTheSpaceLeft() {
    ResultsDirCheck nearlyFull = new ResultsDirCheck(path -> 4096);

    assertThat(nearlyFull.problem(dir.resolve("results"))).hasValue("the filesystem of " + dir + " has 4096 bytes"
        + " free; allowed: a directory on a filesystem with at least 1048576 bytes (1 MiB) free, room for a short"
        + " run's result files");
  }

  @Test
  void spaceThatCannotBeReadIsNoProblem() {
    ResultsDirCheck unknown = new ResultsDirCheck(path -> {
      throw new IOException("no statfs here");
    });

    assertThat(unknown.problem(dir)).isEmpty();
  }
}
