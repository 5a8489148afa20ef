package io.commitbench.storage.inspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe does real I/O in a temp dir: counts, ordering of the percentiles and cleanup, not speeds. */
class SyncProbeTest {

  @TempDir Path dir;

  @Test
  void recordsOneSamplePerWriteWithOrderedPercentilesAndLeavesNoFile() throws Exception {
    ProbeResult r = new SyncProbe().run(dir, 50, ProbeProgress.NONE);

    assertThat(r.writes()).isEqualTo(50);
    assertThat(r.p50Micros()).isPositive();
    assertThat(r.p50Micros()).isLessThanOrEqualTo(r.p99Micros());
    assertThat(r.p99Micros()).isLessThanOrEqualTo(r.maxMicros());
    assertThat(r.blockBytes()).isEqualTo(8192);
    assertThat(r.fileBytes()).as("one preallocated block per write").isEqualTo(50L * 8192);
    assertThat(r.elapsed()).isPositive();
    assertThat(r.directory()).isEqualTo(dir);
    assertThat(r.source()).isEqualTo("fdatasync probe, 50 × 8 KiB writes");
    assertThat(entries()).as("probe file deleted").isEmpty();
  }

  @Test
  void reportsProgressInOrderAndNotForTheLastWrite() throws Exception {
    List<Integer> done = new ArrayList<>();
    ProbeResult r = new SyncProbe(Duration.ZERO).run(dir, 12, (d, n, total, elapsed) -> {
      assertThat(d).isEqualTo(dir);
      assertThat(total).isEqualTo(12);
      done.add(n);
    });

    assertThat(r.writes()).isEqualTo(12);
    assertThat(done).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
  }

  @Test
  void deletesTheProbeFileWhenTheProbeFailsHalfway() {
    assertThatThrownBy(() -> new SyncProbe(Duration.ZERO).run(dir, 20, (d, n, total, elapsed) -> {
      assertThat(entries()).as("the probe file exists while probing").hasSize(1)
          .allSatisfy(f -> assertThat(f.getFileName().toString()).startsWith(SyncProbe.FILE_PREFIX));
      throw new IllegalStateException("stop at " + n);
    })).isInstanceOf(IllegalStateException.class).hasMessage("stop at 1");
    assertThat(entries()).isEmpty();
  }

  @Test
  void refusesACountOutsideTheRangeNamingTheRange() {
    assertThatThrownBy(() -> new SyncProbe().run(dir, 9, ProbeProgress.NONE))
        .isInstanceOf(RefusedException.class).hasMessageContaining("9 writes").hasMessageContaining("10 to 100,000");
    assertThatThrownBy(() -> SyncProbe.checkWrites(100_001)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("100,001");
    assertThat(entries()).isEmpty();
  }

  @Test
  void refusesWhatIsNotAnExistingDirectory() throws Exception {
    Path file = Files.writeString(dir.resolve("plain"), "x");
    assertThatThrownBy(() -> new SyncProbe().run(file, 10, ProbeProgress.NONE))
        .isInstanceOf(RefusedException.class).hasMessageContaining(file + ": not a directory");
    Path missing = dir.resolve("missing");
    assertThatThrownBy(() -> new SyncProbe().run(missing, 10, ProbeProgress.NONE))
        .isInstanceOf(RefusedException.class).hasMessageContaining(missing + ": it does not exist");
    assertThat(entries()).containsExactly(file);
  }

  @Test
  void cyclesThroughAtMostOneWalSegment() throws Exception {
    int writes = (int) (SyncProbe.MAX_FILE_BYTES / SyncProbe.BLOCK_BYTES) + 10;
    ProbeResult r = new SyncProbe().run(dir, writes, ProbeProgress.NONE);
    assertThat(r.writes()).isEqualTo(writes);
    assertThat(r.fileBytes()).isEqualTo(SyncProbe.MAX_FILE_BYTES);
    assertThat(entries()).isEmpty();
  }

  private List<Path> entries() {
    try (Stream<Path> files = Files.list(dir)) {
      return files.toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
