package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.RunOutput;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.lab.Lab;
import io.commitbench.storage.lab.LabKeptLogs;
import io.commitbench.storage.lab.LabSpec;
import io.commitbench.core.host.lab.LabState;
import io.commitbench.storage.lab.Throttle;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.relocate.ManagedLogRelocation;
import io.commitbench.storage.relocate.ManagedRelocations;
import io.commitbench.storage.relocate.RelocationUndo;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The paper's experiment end to end, for real: a lab with an "ssd" (loop device over /dev/shm)
 * and a throttled "hdd" (loop device over a disk file, 150 write IOPS through cgroup blkio); a
 * managed server whose log is on the hdd; the paper's workload; the log moved to the ssd; the
 * workload again; then {@code undo} moves the log back and the lab is taken down. Asserts that no
 * data was lost (a sentinel table's count and checksum, the server's own consistency checks on
 * restart), that the median commit is at least 5 times faster with the log on the ssd, and that
 * the lab leaves no loop device, mount or cgroup behind.
 *
 * <p>Needs root, loop devices, cgroup v1 blkio and the server's binaries; skipped with the reason
 * printed otherwise.
 */
class LogPlacementIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final Path BLKIO = Path.of("/sys/fs/cgroup/blkio");
  /**
   * The hdd's write limit. blkio grants a device's budget in 100 ms slices: at the default 150
   * IOPS the first 15 writes of a slice pass at once and the rest wait for the next slice, so most
   * commits are fast and a few take ~100 ms. At 40 IOPS (4 writes a slice) with 8 actors most
   * commits wait, as every flush does on a real disk.
   */
  private static final Throttle HDD_THROTTLE = new Throttle(40, 0, 0, 0);

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"postgresql", "mariadb"})
  void movingTheLogFromHddToSsdLosesNothingAndCommitsAtLeastFiveTimesFaster(String kind) throws Exception {
    ServerKind server = ServerKind.of(kind);
    requirements(server);
    CommandRunner runner = ProcessCommandRunner.standard();
    Path root = Files.createTempDirectory(Path.of("/var/tmp"), "commitbench-it-lab-");
    Path instanceDir = Files.createTempDirectory(Path.of("/var/tmp"), "commitbench-it-" + kind + "-");
    Path results = Files.createTempDirectory("commitbench-it-placement-");
    LabState lab = null;
    ManagedInstance instance = null;
    try {
      // The servers run as their own OS users, who must reach the directories below these.
      Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
      Files.setPosixFilePermissions(instanceDir, PosixFilePermissions.fromString("rwxr-xr-x"));
      lab = Lab.up(LabSpec.defaults(root).withSizes(512L << 20, 512L << 20).withThrottle(HDD_THROTTLE), runner, System.out);
      Path hddLog = lab.mount("hdd").resolve(kind + "-log");
      Path ssdLog = Files.createDirectories(lab.mount("ssd").resolve(kind + "-log"));
      instance = ManagedInstance.create(kind, instanceDir, instanceDir.resolve("data"), hddLog, 0,
          lab.cgroupFor(hddLog), runner);
      assertThat(lab.cgroupFor(hddLog)).as("the hdd has a throttle cgroup").isPresent();
      runner.run(Command.of("chown", instance.engine().osUser() + ":", ssdLog.toString()));
      List<Path> allowed = new ArrayList<>(lab.mountPoints().values());
      allowed.add(instanceDir);

      execute(instanceDir, server.createSentinel());
      String sentinel = query(instanceDir, server.sentinelChecksum());
      System.out.println(PREFIX + kind + " sentinel: " + sentinel);

      RunOutput onHdd = runPaper(instanceDir, results, kind + "-hdd");

      ManagedLogRelocation toSsd = ManagedRelocations.forInstance(instance, ssdLog, allowed, runner, Clock.systemUTC());
      toSsd.plan().render(Plan.Mode.APPLYING).forEach(l -> System.out.println(PREFIX + l));
      Path journalFile = instanceDir.resolve("relocate-to-ssd.journal");
      try (Applier applier = Applier.begin(journalFile, ManagedLogRelocation.OPERATION, toSsd.journalParameters(),
          runner, System.out)) {
        toSsd.apply(applier);
      }
      assertThat(instance.currentLog().toRealPath().startsWith(lab.mount("ssd"))).as("the log is on the ssd").isTrue();
      assertThat(query(instanceDir, server.sentinelChecksum())).as("sentinel after the move").isEqualTo(sentinel);
      server.consistencyCheck(instance, instanceDir, runner);

      RunOutput onSsd = runPaper(instanceDir, results, kind + "-ssd");
      printComparison(kind, onHdd, onSsd);
      double hddP50 = commitP50(onHdd);
      double ssdP50 = commitP50(onSsd);
      assertThat(hddP50 / ssdP50).as("median commit: hdd %.3f ms, ssd %.3f ms", hddP50, ssdP50)
          .isGreaterThanOrEqualTo(5.0);
      if (kind.equals("postgresql")) {
        // A managed PostgreSQL times its own WAL I/O (track_wal_io_timing=on): the server's sync
        // time per commit is in the results, and the hdd's is the longer.
        JsonNode hddSync = onHdd.summary().path("server").path("derived").path("log_sync_ms_per_commit");
        JsonNode ssdSync = onSsd.summary().path("server").path("derived").path("log_sync_ms_per_commit");
        System.out.println(PREFIX + "server's log sync time per commit: hdd " + hddSync + ", ssd " + ssdSync);
        assertThat(hddSync.has("value")).as("hdd: %s", hddSync).isTrue();
        assertThat(ssdSync.path("value").asDouble()).as("ssd: %s", ssdSync).isPositive()
            .isLessThan(hddSync.path("value").asDouble());
      }

      // undo moves the log back to the hdd, and still nothing is lost
      ManagedLogRelocation back = RelocationUndo.of(journalFile, runner, Clock.systemUTC());
      back.plan();
      try (Applier applier = Applier.begin(instanceDir.resolve("undo.journal"), ManagedLogRelocation.OPERATION,
          back.journalParameters(), runner, System.out)) {
        back.apply(applier);
      }
      instance = ManagedInstance.open(instanceDir, runner);
      assertThat(instance.currentLog().toRealPath().startsWith(lab.mount("hdd"))).as("undo put the log back on the hdd")
          .isTrue();
      assertThat(query(instanceDir, server.sentinelChecksum())).as("sentinel after undo").isEqualTo(sentinel);
      server.consistencyCheck(instance, instanceDir, runner);
      // PostgreSQL's move and undo each kept the WAL they moved away from, on the hdd and the ssd:
      // the lab names both for down
      assertThat(LabKeptLogs.present(root)).extracting(LabKeptLogs.Kept::path).containsExactlyInAnyOrderElementsOf(
          kind.equals("postgresql") ? List.of(hddLog.resolve("pg_wal.moved-1"), ssdLog.resolve("pg_wal.moved-1"))
              : List.of());
    } finally {
      if (instance != null) {
        instance.destroy();
      }
      if (lab != null) {
        Lab.down(root, runner, System.out, true); // and the old WAL the undo kept on the ssd, if any
        assertNothingLeft(lab, root);
      }
      // The lab keeps its journals under its root; the root, the instance's folder, the journals
      // and lifecycle record destroy keeps beside it, and the results are this test's own.
      for (Path own : List.of(root, instanceDir, Path.of(instanceDir + ".journals"), Path.of(instanceDir + ".lifecycle"),
          results)) {
        runner.run(Command.of("rm", "-rf", "--one-file-system", own.toString()));
      }
    }
  }

  private static RunOutput runPaper(Path instanceDir, Path results, String runId) throws IOException {
    Map<String, String> keys = new LinkedHashMap<>();
    keys.put("users", "8");
    keys.put("sleep", "10");
    keys.put("tablename", "1");
    keys.put("tableinsertnumber", "10");
    keys.put("tableselectnumber", "10");
    keys.put("tableupdatenumber", "10");
    keys.put("tabledeletenumber", "10");
    keys.put("repeat", "2");
    keys.put("db.instance", instanceDir.toString());
    // Every statement is its own transaction with an explicit, separately timed commit.
    keys.put("autocommit", "false");
    keys.put("commit.interval", "1");
    keys.put("users.mode", "shared");
    Path file = Commitbench.writeParameterFile(results.resolve(runId + ".properties"), keys);
    RunOutput run = Commitbench.run(file, results, runId, Map.of());
    assertThat(run.exitCode()).as(run.describe()).isZero();
    return run;
  }

  private static double commitP50(RunOutput run) {
    return run.summary().path("kinds").path("commit").path("latencyMillis").path("p50").asDouble();
  }

  /** The hdd's and the ssd's figures side by side, as a Markdown table in the test output. */
  private static void printComparison(String kind, RunOutput hdd, RunOutput ssd) {
    System.out.println(PREFIX + "| " + kind + " | log on hdd | log on ssd | hdd/ssd |");
    System.out.println(PREFIX + "|---|---|---|---|");
    row("Overall time (all cycles), ms", hdd, ssd, s -> s.path("paper").path("overallMillis").asDouble());
    row("Average overall time (all cycles), ms", hdd, ssd, s -> s.path("paper").path("averageOverallMillis").asDouble());
    row("Average actor time, ms", hdd, ssd, s -> s.path("paper").path("averageActorMillis").asDouble());
    row("Average actor insert time, ms", hdd, ssd, s -> s.path("paper").path("averageActorInsertMillis").asDouble());
    row("Average actor select time, ms", hdd, ssd, s -> s.path("paper").path("averageActorSelectMillis").asDouble());
    row("Average actor update time, ms", hdd, ssd, s -> s.path("paper").path("averageActorUpdateMillis").asDouble());
    row("Average actor delete time, ms", hdd, ssd, s -> s.path("paper").path("averageActorDeleteMillis").asDouble());
    row("commit p50, ms", hdd, ssd, s -> s.path("kinds").path("commit").path("latencyMillis").path("p50").asDouble());
    row("commit p99, ms", hdd, ssd, s -> s.path("kinds").path("commit").path("latencyMillis").path("p99").asDouble());
    row("transactions per second", hdd, ssd, s -> s.path("totals").path("transactionsPerSecond").asDouble());
  }

  private static void row(String name, RunOutput hdd, RunOutput ssd, java.util.function.ToDoubleFunction<JsonNode> figure) {
    double h = figure.applyAsDouble(hdd.summary());
    double s = figure.applyAsDouble(ssd.summary());
    System.out.println(PREFIX + String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.2f |", name, h, s, h / s));
  }

  private static void assertNothingLeft(LabState lab, Path root) throws IOException {
    assertThat(Files.exists(root.resolve(LabState.FILE))).as("lab.json removed").isFalse();
    String mounts = Files.readString(Path.of("/proc/self/mounts"));
    assertThat(mounts).as("no mount under the lab root").doesNotContain(root.toRealPath().toString() + "/");
    try (Stream<Path> loops = Files.list(Path.of("/sys/block"))) {
      for (Path loop : loops.filter(p -> p.getFileName().toString().startsWith("loop")).toList()) {
        Path backing = loop.resolve("loop/backing_file");
        if (Files.exists(backing)) {
          String file = Files.readString(backing).strip();
          assertThat(file).as("loop device %s", loop.getFileName()).doesNotContain(lab.id()).doesNotStartWith(root.toString());
        }
      }
    }
    assertThat(BLKIO.resolve("commitbench-" + lab.id())).as("throttle cgroup removed").doesNotExist();
  }

  private static Properties connection(Path instanceDir) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(instanceDir.resolve("connection.properties"))) {
      p.load(r);
    }
    return p;
  }

  private static Connection connect(Path instanceDir) throws IOException, SQLException {
    Properties c = connection(instanceDir);
    return DriverManager.getConnection(c.getProperty("db.url"), c.getProperty("db.user"), "");
  }

  private static void execute(Path instanceDir, List<String> statements) throws Exception {
    try (Connection c = connect(instanceDir); Statement s = c.createStatement()) {
      for (String sql : statements) {
        s.execute(sql);
      }
    }
  }

  private static String query(Path instanceDir, String sql) throws Exception {
    try (Connection c = connect(instanceDir); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
      assertThat(r.next()).isTrue();
      return r.getString(1);
    }
  }

  private static void requirements(ServerKind server) {
    String reason = null;
    if (!"root".equals(System.getProperty("user.name"))) {
      reason = "needs root for loop devices, mounts and cgroups";
    } else if (!Files.isDirectory(BLKIO)) {
      reason = "cgroup v1 blkio is not mounted at " + BLKIO;
    } else if (!Files.exists(Path.of("/dev/loop-control"))) {
      reason = "no loop devices (/dev/loop-control is missing)";
    } else {
      reason = server.missing();
    }
    if (reason != null) {
      System.out.println(PREFIX + "skipped: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
  }

  /** What differs between the two kinds in this test: SQL for the sentinel, the server's own checks. */
  private interface ServerKind {
    List<String> createSentinel();

    String sentinelChecksum();

    void consistencyCheck(ManagedInstance instance, Path instanceDir, CommandRunner runner) throws Exception;

    /** Why the server cannot run here, or null. */
    String missing();

    static ServerKind of(String kind) {
      return kind.equals("postgresql") ? new Postgresql() : new Mariadb();
    }
  }

  private static final class Postgresql implements ServerKind {
    @Override
    public List<String> createSentinel() {
      return List.of("CREATE TABLE sentinel (id integer PRIMARY KEY, v text NOT NULL)",
          "INSERT INTO sentinel SELECT g, md5(g::text) FROM generate_series(1, 1000) g");
    }

    @Override
    public String sentinelChecksum() {
      return "SELECT count(*) || ':' || md5(string_agg(id || '=' || v, ',' ORDER BY id)) FROM sentinel";
    }

    /** Stops the server, verifies every data page's checksum (initdb --data-checksums), starts it. */
    @Override
    public void consistencyCheck(ManagedInstance instance, Path instanceDir, CommandRunner runner) throws Exception {
      instance.stop();
      String out = runner.run(Command.of(instance.descriptor().binDir().resolve("pg_checksums").toString(), "--check",
          "-D", instance.descriptor().dataDir().toString()).asUser("postgres")).stdout();
      System.out.println(PREFIX + "pg_checksums: " + out.strip().replace('\n', ' '));
      assertThat(out).contains("Bad checksums:  0");
      instance.start();
    }

    @Override
    public String missing() {
      return Files.isDirectory(Path.of("/usr/lib/postgresql")) ? null : "no PostgreSQL server binaries under /usr/lib/postgresql";
    }
  }

  private static final class Mariadb implements ServerKind {
    @Override
    public List<String> createSentinel() {
      return List.of("CREATE TABLE sentinel (id INT PRIMARY KEY, v VARCHAR(64) NOT NULL) ENGINE=InnoDB",
          "INSERT INTO sentinel WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 1000)"
              + " SELECT n, MD5(n) FROM g");
    }

    @Override
    public String sentinelChecksum() {
      return "SELECT CONCAT(COUNT(*), ':', MD5(GROUP_CONCAT(id, '=', v ORDER BY id SEPARATOR ','))) FROM sentinel";
    }

    /** Restarts the server (crash recovery reads the moved redo log) and has InnoDB check the table. */
    @Override
    public void consistencyCheck(ManagedInstance instance, Path instanceDir, CommandRunner runner) throws Exception {
      instance.stop();
      instance.start();
      try (Connection c = connect(instanceDir); Statement s = c.createStatement();
          ResultSet r = s.executeQuery("CHECK TABLE sentinel EXTENDED")) {
        assertThat(r.next()).isTrue();
        System.out.println(PREFIX + "CHECK TABLE sentinel EXTENDED: " + r.getString("Msg_text"));
        assertThat(r.getString("Msg_text")).isEqualTo("OK");
      }
    }

    @Override
    public String missing() {
      return Files.isExecutable(Path.of("/usr/sbin/mariadbd")) ? null : "no MariaDB server at /usr/sbin/mariadbd";
    }
  }
}
