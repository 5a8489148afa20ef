package io.commitbench.storage.instance;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.exec.Programs;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A log preallocated as MariaDB makes its redo log (fallocate, then the head written), on the temp
 * directory's real filesystem, rewritten in place: afterwards no extent is unwritten (filefrag, the
 * kernel's own view), and every byte is what it was.
 */
class LogRewriteTest {

  private static final int SIZE = 8 << 20;
  private static final int WRITTEN_HEAD = 1_234_567;

  @TempDir Path dir;

  private final ProcessCommandRunner runner = ProcessCommandRunner.standard();

  @Test
  void aPreallocatedLogIsWrittenThroughWithItsContentsUnchanged() throws Exception {
    Path logDir = Files.createDirectories(dir.resolve("log"));
    Path log = logDir.resolve("ib_logfile0");
    runner.run(Command.of("fallocate", "-l", Integer.toString(SIZE), log.toString()));
    byte[] head = new byte[WRITTEN_HEAD];
    new Random(7).nextBytes(head);
    try (FileChannel channel = FileChannel.open(log, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.wrap(head), 0);
      channel.force(true);
    }
    Path second = Files.write(Files.createDirectories(logDir.resolve("archive_status")).resolve("s"), new byte[] {1, 2});
    String before = sha256(log);
    Assumptions.assumeTrue(Programs.find("filefrag").isPresent(), "no filefrag (e2fsprogs): cannot see the extents");
    String extentsBefore = runner.run(Command.of("filefrag", "-v", log.toString())).stdout();
    Assumptions.assumeTrue(extentsBefore.contains("unwritten"), "the temp directory's filesystem ("
        + Files.getFileStore(dir).type() + ") shows no unwritten extent after fallocate:\n" + extentsBefore);

    long bytes = LogRewrite.inPlace(logDir);

    assertThat(bytes).as("bytes rewritten: the log and the small file beside it").isEqualTo(SIZE + 2);
    assertThat(Files.size(log)).isEqualTo(SIZE);
    assertThat(sha256(log)).as("the log's contents").isEqualTo(before);
    assertThat(Files.readAllBytes(second)).containsExactly(1, 2);
    String extentsAfter = runner.run(Command.of("filefrag", "-v", log.toString())).stdout();
    assertThat(extentsAfter).as("extents after the rewrite").doesNotContain("unwritten");
  }

  @Test
  void aSingleFileIsRewrittenToo() throws Exception {
    Path log = Files.write(dir.resolve("ib_logfile0"), new byte[] {9, 8, 7});
    assertThat(LogRewrite.inPlace(log)).isEqualTo(3);
    assertThat(Files.readAllBytes(log)).containsExactly(9, 8, 7);
  }

  private static String sha256(Path file) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }
}
