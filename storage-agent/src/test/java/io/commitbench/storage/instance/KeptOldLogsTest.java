package io.commitbench.storage.instance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeptOldLogsTest {

  @TempDir
  Path dir;

  @Test
  void findsTheKeptLogsBesideALogInsideTheRemovedTreesOnce() throws Exception {
    Path instance = Files.createDirectories(dir.resolve("inst"));
    Path data = Files.createDirectories(instance.resolve("data"));
    Files.createDirectories(data.resolve("pg_wal"));
    Path kept1 = Files.createDirectories(data.resolve("pg_wal.moved-1"));
    Files.writeString(kept1.resolve("000000010000000000000001"), "wal");
    Path kept2 = Files.createDirectories(instance.resolve("redo.moved-12"));
    Files.createDirectories(data.resolve("pg_wal.moved-x"));
    Files.createDirectories(data.resolve("base").resolve("1").resolve("pg_wal.moved-3"));

    assertThat(KeptOldLogs.within(List.of(data, instance, dir.resolve("missing"))))
        .containsExactly(kept1, kept2);
  }

  @Test
  void aTreeWithoutKeptLogsHasNone() throws Exception {
    Files.createDirectories(dir.resolve("data").resolve("pg_wal"));
    assertThat(KeptOldLogs.within(List.of(dir))).isEmpty();
  }
}
