package io.commitbench.storage.cow;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.exec.Programs;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dropping the cache for real in a temp directory; the host-wide drop writes a stand-in for drop_caches. */
class CacheDropperTest {

  @TempDir Path dir;

  private final ProcessCommandRunner runner = ProcessCommandRunner.standard();

  @Test
  void theFileDropLeavesNoneOfTheFileCached() throws Exception {
    Path file = dir.resolve("f.dat");
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.allocate(1 << 20));
      channel.force(true); // DONTNEED drops clean pages only; the probe fsyncs before it drops
    }
    Files.readAllBytes(file);
    CacheState state = new CacheDropper(runner).drop(CacheDrop.FILE, file, CowProbeListener.NONE);

    assertThat(state.dropped()).isTrue();
    assertThat(state.method()).startsWith("file: dd iflag=nocache count=0");
    Assumptions.assumeTrue(Programs.find("fincore").isPresent(), "no fincore (util-linux): cannot see the cache");
    Assumptions.assumeFalse(Files.getFileStore(dir).type().equals("tmpfs"),
        "the temp directory is on tmpfs, whose pages are the file itself and cannot be dropped");
    assertThat(state.residentBytes()).hasValue(0);
  }

  @Test
  void noDropSaysSoAndStillLooksAtTheCache() throws Exception {
    Path file = Files.write(dir.resolve("f.dat"), new byte[4096]);
    CacheState state = new CacheDropper(runner).drop(CacheDrop.NONE, file, CowProbeListener.NONE);
    assertThat(state.dropped()).isFalse();
    assertThat(state.note()).isEqualTo("not asked: the read may be served from memory");
    assertThat(state.residentBytes().isPresent()).isEqualTo(Programs.find("fincore").isPresent());
  }

  @Test
  void theSystemDropWritesOneToDropCachesAsRootOnly() throws Exception {
    Path dropCaches = Files.writeString(dir.resolve("drop_caches"), "");
    Path file = Files.write(dir.resolve("f.dat"), new byte[4096]);
    CacheState state = new CacheDropper(runner, dropCaches).drop(CacheDrop.SYSTEM, file, CowProbeListener.NONE);
    if (Programs.runningAsRoot()) {
      assertThat(state.dropped()).isTrue();
      assertThat(Files.readString(dropCaches)).isEqualTo("1");
    } else {
      assertThat(state.dropped()).isFalse();
      assertThat(state.note()).isEqualTo("not done: writing " + dropCaches + " needs root");
      assertThat(Files.readString(dropCaches)).isEmpty();
    }
  }

  @Test
  void thePlanShowsTheCommands() {
    Path file = Path.of("/mnt/data/f.dat");
    CacheDropper dropper = new CacheDropper(runner);
    assertThat(dropper.actions(CacheDrop.FILE, file)).containsExactly(
        "dd if=/mnt/data/f.dat iflag=nocache count=0 status=none",
        "fincore --bytes --noheadings --output RES /mnt/data/f.dat");
    assertThat(dropper.actions(CacheDrop.SYSTEM, file)).containsExactly("sync", "echo 1 > /proc/sys/vm/drop_caches",
        "fincore --bytes --noheadings --output RES /mnt/data/f.dat");
  }
}
