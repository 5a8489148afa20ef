package io.commitbench.storage.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.storage.instance.InstanceDescriptor;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The start command of a managed MariaDB: its own port and socket, and the redo log's file I/O timed where the server can. */
class MariadbEngineTest {

  private static InstanceDescriptor instance() {
    Path dir = Path.of("/var/tmp/mdb");
    return new InstanceDescriptor(dir, "mariadb", "10.11.19", Path.of("/usr/sbin"), 13306, dir.resolve("data"),
        dir.resolve("log"), dir.resolve("socket"), Optional.empty(), Instant.EPOCH, List.of());
  }

  @Test
  void theServerStartsWithPerformanceSchemaTimingOnlyTheRedoLogFile() {
    List<String> argv = new MariadbEngine().startCommand(instance()).argv();

    assertThat(argv).startsWith("setsid", "/usr/sbin/mariadbd", "--no-defaults")
        .contains("--port=13306", "--innodb-log-group-home-dir=/var/tmp/mdb/log", "--bind-address=127.0.0.1");
    assertThat(argv).containsSubsequence("--performance-schema=ON", "--performance-schema-instrument=%=OFF",
        "--performance-schema-instrument=wait/io/file/innodb/innodb_log_file=ON");
    assertThat(argv).contains("--performance-schema-consumer-statements-digest=OFF",
        "--performance-schema-digests-size=0");
    // performance_schema lets the more specific name win whatever the order; after it, it reads so too.
    assertThat(argv.indexOf("--performance-schema-instrument=wait/io/file/innodb/innodb_log_file=ON"))
        .isGreaterThan(argv.indexOf("--performance-schema-instrument=%=OFF"));
  }

  @Test
  void everyPerformanceSchemaOptionIsOneArgumentWithItsValue() {
    // No shell runs the command: a quoted or split option would reach mariadbd as it is.
    assertThat(MariadbEngine.PERFORMANCE_SCHEMA).allSatisfy(o -> assertThat(o).startsWith("--performance-schema")
        .contains("=").doesNotContain(" ", "'", "\""));
  }

  @Test
  void startsInsideTheThrottleCgroup() {
    InstanceDescriptor d = new InstanceDescriptor(Path.of("/i"), "mariadb", "10.11", Path.of("/b"), 1,
        Path.of("/i/data"), Path.of("/i/log"), Path.of("/i/s"), Optional.of(Path.of("/cg")), Instant.EPOCH, List.of());
    assertThat(new MariadbEngine().startCommand(d).cgroup()).contains(Path.of("/cg"));
  }
}
