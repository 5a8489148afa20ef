package io.commitbench.core.host.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.breakdown.LogFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FdPaths}: when a (thread, fd) is read again, against a table of links this test changes
 * as a server reuses an fd number, and the links of this JVM's own open file through /proc.
 */
class FdPathsTraceTest {

  private static final long MAX_AGE = 500;
  private static final LogFiles FILES = new LogFiles(List.of("/srv/db/pg_wal/**"), List.of("/srv/db/**"));

  private final Map<String, Path> links = new HashMap<>();
  private final AtomicLong now = new AtomicLong(1_000);
  private int reads;
  private final FdPaths paths = new FdPaths((tid, fd) -> {
    reads++;
    return Optional.ofNullable(links.get(tid + "/" + fd));
  }, FILES::classOf, now::get, MAX_AGE);

  @Test
  void anFdIsReadOnceWhileItsAnswerIsFresh() {
    links.put("7/19", Path.of("/srv/db/pg_wal/000000010000000000000001"));
    assertThat(paths.of(7, 19).fileClass()).isEqualTo(LogFiles.LOG);
    now.addAndGet(MAX_AGE);
    assertThat(paths.of(7, 19).fileClass()).isEqualTo(LogFiles.LOG);
    assertThat(reads).isEqualTo(1);
    assertThat(paths.reads()).isEqualTo(1);
  }

  @Test
  void aReusedFdNumberIsReadAgainOnceItsAnswerIsOld() {
    links.put("7/19", Path.of("/srv/db/pg_wal/000000010000000000000001"));
    paths.of(7, 19);
    links.put("7/19", Path.of("/srv/db/base/16384/2619"));
    now.addAndGet(MAX_AGE + 1);
    FdPaths.Resolved reused = paths.of(7, 19);
    assertThat(reused.path()).contains(Path.of("/srv/db/base/16384/2619"));
    assertThat(reused.fileClass()).isEqualTo(LogFiles.DATA);
    assertThat(reads).isEqualTo(2);
  }

  @Test
  void anFdClosedBeforeItWasReadIsUnknownAndReadAgainLater() {
    assertThat(paths.of(7, 20).path()).isEmpty();
    assertThat(paths.of(7, 20).fileClass()).isNull();
    links.put("7/20", Path.of("/srv/db/pg_wal/000000010000000000000002"));
    now.addAndGet(MAX_AGE + 1);
    assertThat(paths.of(7, 20).fileClass()).isEqualTo(LogFiles.LOG);
  }

  @Test
  void threadsAndFdsAreKeptApart() {
    links.put("7/19", Path.of("/srv/db/pg_wal/1"));
    links.put("8/19", Path.of("/tmp/other"));
    links.put("7/20", Path.of("/srv/db/base/1"));
    assertThat(paths.of(7, 19).fileClass()).isEqualTo(LogFiles.LOG);
    assertThat(paths.of(8, 19).fileClass()).isNull();
    assertThat(paths.of(7, 20).fileClass()).isEqualTo(LogFiles.DATA);
  }

  @Test
  void thisJvmsOpenFileReadsAsItsRealPathThroughProc(@TempDir Path temp) throws IOException {
    Path procFds = Path.of("/proc/self/fd");
    Assumptions.assumeTrue(Files.isDirectory(procFds), "no /proc/self/fd: not Linux");
    Path file = temp.resolve("zz_kernelio_open.bin").toAbsolutePath();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      Path real = file.toRealPath();
      int fd = -1;
      try (DirectoryStream<Path> fds = Files.newDirectoryStream(procFds)) {
        for (Path link : fds) {
          Optional<Path> target = FdPaths.readProc(ProcessHandle.current().pid(), Integer.parseInt(link.getFileName()
              .toString()));
          if (target.isPresent() && target.get().equals(real)) {
            fd = Integer.parseInt(link.getFileName().toString());
          }
        }
      }
      assertThat(fd).as("an fd of this JVM open on " + real).isGreaterThanOrEqualTo(0);
      LogFiles files = new LogFiles(List.of(real.getParent() + "/**"), List.of());
      FdPaths proc = FdPaths.ofProc(files::classOf, MAX_AGE);
      assertThat(proc.of(ProcessHandle.current().pid(), fd).fileClass()).isEqualTo(LogFiles.LOG);
    }
  }

  @Test
  void anFdOpenedWithDsyncWritesThroughAndAPlainOneDoesNot(@TempDir Path temp) throws IOException {
    Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self/fdinfo")), "no /proc/self/fdinfo: not Linux");
    Path synced = temp.resolve("zz_kernelio_dsync.bin").toAbsolutePath();
    Path plain = temp.resolve("zz_kernelio_plain.bin").toAbsolutePath();
    try (FileChannel dsync = FileChannel.open(synced, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.DSYNC);
        FileChannel buffered = FileChannel.open(plain, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      long pid = ProcessHandle.current().pid();
      LogFiles files = new LogFiles(List.of(temp.toRealPath() + "/**"), List.of());
      FdPaths proc = FdPaths.ofProc(files::classOf, MAX_AGE);

      assertThat(proc.of(pid, fdOf(synced)).writesThrough()).as("O_DSYNC").isTrue();
      assertThat(proc.of(pid, fdOf(plain)).writesThrough()).as("no O_DIRECT, O_DSYNC or O_SYNC").isFalse();
    }
  }

  /** This JVM's fd open on {@code file}. */
  private static int fdOf(Path file) throws IOException {
    Path real = file.toRealPath();
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
      for (Path link : fds) {
        int fd = Integer.parseInt(link.getFileName().toString());
        if (FdPaths.readProc(ProcessHandle.current().pid(), fd).filter(real::equals).isPresent()) {
          return fd;
        }
      }
    }
    throw new AssertionError("no fd of this JVM is open on " + real);
  }
}
