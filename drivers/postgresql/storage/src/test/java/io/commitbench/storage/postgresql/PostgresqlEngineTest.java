package io.commitbench.storage.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.storage.instance.InstanceDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start command of a managed PostgreSQL: its own port and socket, WAL I/O timing where the
 * server has it, and pg_wait_sampling preloaded (and created in the test database) where its
 * package is installed.
 */
class PostgresqlEngineTest {

  private static InstanceDescriptor instance(String version) {
    Path dir = Path.of("/var/tmp/pg");
    return new InstanceDescriptor(dir, "postgresql", version, Path.of("/usr/lib/postgresql/15/bin"), 15432,
        dir.resolve("data"), dir.resolve("log"), dir.resolve("socket"), Optional.empty(), Instant.EPOCH, List.of());
  }

  @Test
  void aServerFrom14OnTimesItsWalIo() {
    String options = optionsOf(new PostgresqlEngine().startCommand(instance("15.14")).argv());
    assertThat(options).contains("-p 15432", "-k /var/tmp/pg/socket", "-c listen_addresses=127.0.0.1",
        "-c track_wal_io_timing=on");
  }

  @Test
  void anOlderServerIsNotGivenASettingItDoesNotKnow() {
    assertThat(optionsOf(new PostgresqlEngine().startCommand(instance("13.16")).argv()))
        .doesNotContain("track_wal_io_timing");
    assertThat(PostgresqlEngine.walTiming("unknown")).isEmpty();
    assertThat(PostgresqlEngine.walTiming("14")).contains("track_wal_io_timing=on");
  }

  @Test
  void startsInsideTheThrottleCgroup() {
    InstanceDescriptor d = new InstanceDescriptor(Path.of("/i"), "postgresql", "15", Path.of("/b"), 1,
        Path.of("/i/data"), Path.of("/i/log"), Path.of("/i/s"), Optional.of(Path.of("/cg")), Instant.EPOCH, List.of());
    assertThat(new PostgresqlEngine().startCommand(d).cgroup()).contains(Path.of("/cg"));
    assertThat(new PostgresqlEngine().initCommands(d).get(0).display())
        .isEqualTo("runuser -u postgres -- /b/initdb -D /i/data --waldir=/i/log/pg_wal -A trust -U postgres"
            + " --data-checksums");
  }

  @Test
  void aServerWithPgWaitSamplingInstalledPreloadsItAndItsTestDatabaseCreatesIt(@TempDir Path versions)
      throws Exception {
    Path bin = Files.createDirectories(versions.resolve("15/bin"));
    Path lib = Files.createDirectories(versions.resolve("15/lib"));
    InstanceDescriptor d = new InstanceDescriptor(Path.of("/i"), "postgresql", "15.14", bin, 1,
        Path.of("/i/data"), Path.of("/i/log"), Path.of("/i/s"), Optional.empty(), Instant.EPOCH, List.of());
    PostgresqlEngine engine = new PostgresqlEngine();
    assertThat(optionsOf(engine.startCommand(d).argv())).doesNotContain("shared_preload_libraries");
    assertThat(engine.testDatabaseSetup(d)).isEmpty();

    Files.createFile(lib.resolve("pg_wait_sampling.so"));

    assertThat(optionsOf(engine.startCommand(d).argv())).contains("-c shared_preload_libraries=pg_wait_sampling");
    assertThat(engine.testDatabaseSetup(d)).singleElement()
        .satisfies(c -> assertThat(c.display()).contains("-d test", "CREATE EXTENSION IF NOT EXISTS pg_wait_sampling"));
  }

  /** The value of pg_ctl's -o: the server's own options. */
  private static String optionsOf(List<String> argv) {
    return argv.get(argv.indexOf("-o") + 1);
  }
}
