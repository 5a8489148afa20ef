package io.commitbench.storage.inspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.host.StorageLocator;
import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every path is checked before any is probed; on this host's real mount table and /sys. */
class StorageInspectorTest {

  @TempDir Path dir;

  private final StorageInspector inspector = new StorageInspector(StorageLocator.system(), new SyncProbe());

  @Test
  void locatesAndProbesEachPathInOrder() throws Exception {
    Path second = Files.createDirectory(dir.resolve("second"));
    List<PathReport> reports = inspector.inspect(List.of(dir, second), OptionalInt.of(10), ProbeProgress.NONE);

    assertThat(reports).extracting(r -> r.storage().path()).containsExactly(dir, second);
    assertThat(reports).allSatisfy(r -> {
      assertThat(r.probe()).isPresent();
      assertThat(r.probe().get().writes()).isEqualTo(10);
      assertThat(r.storage().mount().mountPoint()).isNotNull();
    });
    assertThat(reports.get(1).probe().get().directory()).isEqualTo(second);
    try (Stream<Path> left = Files.list(second)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void withoutProbeNothingIsWritten() throws Exception {
    List<PathReport> reports = inspector.inspect(List.of(dir), OptionalInt.empty(), ProbeProgress.NONE);
    assertThat(reports).singleElement().satisfies(r -> assertThat(r.probe()).isEmpty());
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void namesEveryMissingPathAndInspectsNone() {
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    assertThatThrownBy(() -> inspector.inspect(List.of(dir, a, b), OptionalInt.of(10), ProbeProgress.NONE))
        .isInstanceOf(RefusedException.class)
        .hasMessage("no such paths: " + a + ", " + b + "; give existing files or directories (nothing was inspected)");
  }

  @Test
  void refusesToProbeAFileBeforeProbingTheDirectoryBeforeIt() throws Exception {
    Path file = Files.writeString(dir.resolve("file"), "x");
    Path probed = Files.createDirectory(dir.resolve("probed"));
    ProbeProgress mustNotRun = (d, n, total, elapsed) -> {
      throw new AssertionError("probed " + d);
    };
    assertThatThrownBy(() -> new StorageInspector(StorageLocator.system(), new SyncProbe(java.time.Duration.ZERO))
        .inspect(List.of(probed, file), OptionalInt.of(10), mustNotRun))
        .isInstanceOf(RefusedException.class).hasMessageContaining(file + ": not a directory");
  }

  @Test
  void aFileCanBeInspectedWithoutProbe() throws Exception {
    Path file = Files.writeString(dir.resolve("file"), "x");
    assertThat(inspector.inspect(List.of(file), OptionalInt.empty(), ProbeProgress.NONE))
        .singleElement().satisfies(r -> assertThat(r.storage().realPath()).isEqualTo(file.toRealPath()));
  }
}
