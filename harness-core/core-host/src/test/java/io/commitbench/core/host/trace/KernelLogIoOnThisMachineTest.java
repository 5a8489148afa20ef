package io.commitbench.core.host.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.LogFiles;
import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.breakdown.SourceReading;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link KernelLogIo} on this machine: a real {@code perf trace} sees a thread of this test sync
 * a file under the log glob and another outside every glob (needs root, perf and the syscall
 * tracepoints; skipped with the reason printed otherwise). The temporary directory is on the
 * file system of java.io.tmpdir, a real one where it is not tmpfs.
 */
class KernelLogIoOnThisMachineTest {

  private static final String PREFIX = "[commitbench-test] ";
  private static final int SYNCS = 30;

  @TempDir Path temp;

  @Test
  void theLogsSyncsAreCountedAndOtherFilesAreNot() throws Exception {
    Path logDir = Files.createDirectories(temp.resolve("zz_kernelio_log")).toRealPath();
    Path otherDir = Files.createDirectories(temp.resolve("zz_kernelio_other")).toRealPath();
    LogFiles files = new LogFiles(List.of(logDir + "/**"), List.of());
    Optional<String> missing = KernelLogIo.missingRequirement(files, true, "the test runs here");
    if (missing.isPresent()) {
      System.out.println(PREFIX + "skipped: " + missing.get());
    }
    Assumptions.assumeTrue(missing.isEmpty(), () -> missing.orElse(""));

    try (CommitTimeSource kernel = KernelLogIo.open(files, true, "the test runs here")) {
      SourceReading idle = kernel.end();
      assertThat(idle.unmeasured()).as("perf started").isEmpty();
      kernel.begin();
      Thread writer = new Thread(() -> writeAndSync(logDir.resolve("wal.bin"), otherDir.resolve("other.bin")),
          "zz_kernelio writer");
      writer.start();
      writer.join();
      SourceReading reading = kernel.end();

      System.out.println(PREFIX + "views " + reading.views() + "; parts " + reading.parts() + "; cost "
          + reading.cost());
      assertThat(reading.unmeasured()).isEmpty();
      LogIoView logSyncs = reading.views().stream()
          .filter(v -> v.operation().equals("fdatasync") && v.fileClass().equals(LogFiles.LOG)).findFirst()
          .orElseThrow(() -> new AssertionError("no fdatasync view of the log in " + reading.views()));
      assertThat(logSyncs.count()).isGreaterThanOrEqualTo(SYNCS);
      assertThat(logSyncs.meanMillis()).isPositive();
      assertThat(logSyncs.p99Millis()).isGreaterThanOrEqualTo(logSyncs.p50Millis());
      assertThat(reading.views()).allSatisfy(v -> assertThat(v.fileClass()).isIn(LogFiles.LOG, LogFiles.DATA, "any"));
      assertThat(reading.views()).noneMatch(v -> v.fileClass().equals(LogFiles.DATA));
      PartReading sync = reading.parts().stream().filter(p -> p.name().equals(CommitParts.LOG_SYNC)).findFirst()
          .orElseThrow();
      assertThat(sync.basis()).isEqualTo(PartReading.Basis.PER_EVENT);
      assertThat(sync.events()).isGreaterThanOrEqualTo(SYNCS);
      assertThat(reading.parts()).anyMatch(p -> p.name().equals(CommitParts.LOG_WRITE));
      assertThat(String.join("\n", reading.cost())).contains("perf process").contains("calls traced");

      kernel.begin();
      SourceReading restarted = kernel.end();
      assertThat(restarted.views()).as("a begin starts the window again")
          .noneMatch(v -> v.fileClass().equals(LogFiles.LOG) && v.count() >= SYNCS);
    }
  }

  /** {@code FileChannel.force(false)} is fdatasync on Linux; {@code write} at a position is pwrite64. */
  private static void writeAndSync(Path log, Path other) {
    try (FileChannel logChannel = FileChannel.open(log, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileChannel otherChannel = FileChannel.open(other, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      for (int i = 0; i < SYNCS; i++) {
        logChannel.write(ByteBuffer.wrap(new byte[512]), i * 512L);
        logChannel.force(false);
        otherChannel.write(ByteBuffer.wrap(new byte[512]), i * 512L);
        otherChannel.force(false);
      }
    } catch (IOException e) {
      throw new IllegalStateException("the test's writes failed", e);
    }
  }
}
