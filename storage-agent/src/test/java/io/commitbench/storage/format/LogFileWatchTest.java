package io.commitbench.storage.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogFileWatchTest {

  @Test
  void aNewInodeIsCreatedAnOldOneUnderANewNameRecycledAndAGoneOneRemoved() {
    LogFileWatch watch = new LogFileWatch(Path.of("unused"), n -> true);
    watch.update(Map.of("A", 1L, "B", 2L));
    assertThat(watch.created()).isEqualTo(2);
    watch.update(Map.of("B", 2L, "C", 1L)); // A renamed to C: recycled
    assertThat(watch.recycled()).isEqualTo(1);
    assertThat(watch.removed()).isZero();
    watch.update(Map.of("C", 1L, "D", 3L)); // B removed, D created
    assertThat(watch.created()).isEqualTo(3);
    assertThat(watch.removed()).isEqualTo(1);
    watch.update(Map.of("C", 1L, "D", 3L));
    assertThat(watch.created()).isEqualTo(3);
    assertThat(watch.recycled()).isEqualTo(1);
    watch.update(Map.of("C", 1L, "D", 3L, "E", 2L)); // B's inode, freed two looks ago, reused by a new file
    assertThat(watch.created()).isEqualTo(4);
    assertThat(watch.recycled()).isEqualTo(1);
  }

  @Test
  void watchesRealFilesByInodeOnlyThoseOfTheLog(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("000000010000000000000001"), "x");
    Files.writeString(dir.resolve("000000010000000000000002"), "x");
    Files.writeString(dir.resolve("archive_status"), "not a segment");
    LogFileWatch watch = new LogFileWatch(dir, n -> n.matches("[0-9A-F]{24}"));
    watch.begin();
    Files.move(dir.resolve("000000010000000000000001"), dir.resolve("000000010000000000000003"));
    Files.writeString(dir.resolve("000000010000000000000004"), "x");
    Files.delete(dir.resolve("000000010000000000000002"));
    Files.writeString(dir.resolve("other"), "x");
    watch.look();
    assertThat(watch.recycled()).as("renamed").isEqualTo(1);
    assertThat(watch.created()).as("new file").isEqualTo(1);
    assertThat(watch.removed()).as("deleted").isEqualTo(1);
  }
}
