package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.ManagedInstance;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A managed PostgreSQL and MariaDB instance, for real: create (initdb / mariadb-install-db,
 * start, the test database) inside a blkio cgroup of its own, connect with the JDBC URL of its
 * connection.properties, stop, start, destroy; times printed. Needs root and the servers'
 * binaries; skipped with the reason printed otherwise.
 */
class ManagedInstanceIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final Path BLKIO = Path.of("/sys/fs/cgroup/blkio");

  @ParameterizedTest
  @ValueSource(strings = {"postgresql", "mariadb"})
  void createStartStopDestroy(String kind) throws Exception {
    InstanceItSupport.requirements(kind);
    Path base = InstanceItSupport.base("instance-it-" + kind + "-");
    Optional<Path> cgroup = Files.isDirectory(BLKIO)
        ? Optional.of(Files.createDirectory(BLKIO.resolve("instance-it-" + ProcessHandle.current().pid() + "-" + kind)))
        : Optional.empty();
    ProcessCommandRunner runner = ProcessCommandRunner.standard();
    ManagedInstance instance = null;
    try {
      long t0 = System.nanoTime();
      instance = ManagedInstance.create(kind, base.resolve("inst"), base.resolve("inst/data"), base.resolve("wal"),
          0, cgroup, runner);
      long created = System.nanoTime() - t0;
      InstanceDescriptor d = instance.descriptor();
      assertThat(instance.running()).isTrue();
      assertThat(InstanceDescriptor.read(d.instanceDir())).isEqualTo(d);
      assertThat(Files.exists(instance.currentLog())).as("log in the log dir").isTrue();
      if (cgroup.isPresent()) {
        assertThat(Files.readAllLines(cgroup.get().resolve("cgroup.procs"))).as("server processes in the cgroup")
            .isNotEmpty();
      }
      assertThat(query(d.instanceDir(), "SELECT 6*7")).isEqualTo("42");
      assertSettleWritesEverythingOut(kind, instance);

      t0 = System.nanoTime();
      assertThat(instance.stop()).isTrue();
      long stopped = System.nanoTime() - t0;
      assertThat(instance.running()).isFalse();
      assertThat(instance.stop()).as("a second stop finds it stopped").isFalse();
      t0 = System.nanoTime();
      assertThat(instance.start()).isTrue();
      long started = System.nanoTime() - t0;
      assertThat(query(d.instanceDir(), "SELECT 1")).isEqualTo("1");
      List<String> status = instance.status().lines();
      status.forEach(l -> System.out.println(PREFIX + l));
      assertThat(status.get(0)).contains("running").contains("port " + d.port());
      System.out.printf("%s%s: create (init + start + test db) %.2f s, stop %.2f s, start %.2f s%n", PREFIX, kind,
          created / 1e9, stopped / 1e9, started / 1e9);

      instance.destroy();
      instance = null;
      assertThat(base.resolve("inst")).doesNotExist();
      assertThat(base.resolve("wal")).doesNotExist();
    } finally {
      if (instance != null) {
        InstanceItSupport.quietly(instance::destroy);
      }
      if (cgroup.isPresent()) {
        InstanceItSupport.quietly(() -> Files.delete(cgroup.get()));
      }
      InstanceItSupport.deleteTree(base);
    }
  }

  /** A settle is a checkpoint PostgreSQL counts; on InnoDB it waits for no dirty page and restores its setting. */
  private static void assertSettleWritesEverythingOut(String kind, ManagedInstance instance) throws Exception {
    if (kind.equals("postgresql")) {
      String checkpoints = "SELECT checkpoints_req FROM pg_stat_bgwriter";
      long before = Long.parseLong(instance.query(checkpoints));
      instance.settle();
      assertThat(Long.parseLong(instance.query(checkpoints))).isGreaterThan(before);
    } else {
      // settle returns only once InnoDB reported no dirty page; it must put its setting back.
      String setting = "SELECT @@GLOBAL.innodb_max_dirty_pages_pct";
      String before = instance.query(setting);
      instance.query("CREATE TABLE test.settle_it (id INT PRIMARY KEY); INSERT INTO test.settle_it VALUES (1), (2)");
      instance.settle();
      assertThat(instance.query(setting)).isEqualTo(before);
    }
  }

  /** Runs one query through the URL and user of the instance's connection.properties. */
  static String query(Path instanceDir, String sql) throws Exception {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(instanceDir.resolve(InstanceDescriptor.CONNECTION_FILE))) {
      p.load(in);
    }
    try (Connection c = DriverManager.getConnection(p.getProperty("db.url"), p.getProperty("db.user"), "");
        Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
