package io.commitbench.storage.mariadb;

import io.commitbench.driver.mariadb.MariadbDialect;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.DetachedStart;
import io.commitbench.storage.instance.EngineHelp;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.InstanceEngine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A private MariaDB server: {@code mariadb-install-db} with root reachable over 127.0.0.1 without
 * a password, then {@code mariadbd --no-defaults} with every setting on its command line (the
 * host's my.cnf never applies), detached into its own session with its output in {@code
 * mariadbd.out}. {@code innodb_log_group_home_dir} is not dynamic, so it comes from the
 * descriptor on every start. Stopping is a slow shutdown ({@code innodb_fast_shutdown=0}), which
 * leaves a redo log that may be moved.
 */
public final class MariadbEngine implements InstanceEngine {

  /** The longest a settle waits for InnoDB's page cleaner. */
  private static final java.time.Duration SETTLE_WAIT = java.time.Duration.ofSeconds(120);

  private static final Path SERVER = Path.of("/usr/sbin/mariadbd");
  private static final Duration START_LIMIT = Duration.ofSeconds(120);
  private static final Duration STOP_LIMIT = Duration.ofSeconds(300);

  /**
   * The server times its own redo log file I/O where it has an instrument for it: performance_schema
   * on (a static variable, so only at start), every instrument off but the redo log file's, enabled
   * and timed from the start (a file opened while its instrument is off is never counted), and the
   * tables nothing reads sized to nothing (about 16 MB of performance_schema memory instead of the
   * autosized 95 MB on 10.11). MariaDB 10.11 registers no instrument for the redo log (only {@code
   * innodb_data_file} and {@code innodb_temp_file}) and accepts the setting silently; the counters
   * then say the time is not available, and why.
   */
  public static final List<String> PERFORMANCE_SCHEMA = List.of("--performance-schema=ON",
      "--performance-schema-instrument=%=OFF",
      "--performance-schema-instrument=" + MariadbDialect.REDO_LOG_INSTRUMENT + "=ON",
      "--performance-schema-consumer-statements-digest=OFF",
      "--performance-schema-max-statement-classes=0", "--performance-schema-max-stage-classes=0",
      "--performance-schema-max-memory-classes=0", "--performance-schema-accounts-size=0",
      "--performance-schema-hosts-size=0", "--performance-schema-users-size=0",
      "--performance-schema-digests-size=0", "--performance-schema-max-digest-length=0",
      "--performance-schema-max-sql-text-length=0", "--performance-schema-events-waits-history-size=0",
      "--performance-schema-events-waits-history-long-size=0", "--performance-schema-max-table-instances=0",
      "--performance-schema-max-index-stat=0", "--performance-schema-max-table-lock-stat=0",
      "--performance-schema-session-connect-attrs-size=0");

  /** Where the server's console output goes, beside its error log. */
  private static final String CONSOLE = "mariadbd.out";

  @Override
  public List<String> instanceFiles() {
    return List.of("server.log", CONSOLE);
  }

  @Override
  public String kind() {
    return MariadbDialect.NAME;
  }

  @Override
  public EngineHelp help() {
    return new EngineHelp("MariaDB", "mariadb-install-db", "slow shutdown", Optional.of("A new MariaDB instance has"
        + " its redo log fallocated, and a commit's first pass through such space costs extra I/O, which a relocated"
        + " log, written by the copy, does not pay: write the log through before measuring one beside the other."));
  }

  @Override
  public String osUser() {
    return "mysql";
  }

  @Override
  public Path findBinaries() throws IOException {
    if (!Files.isExecutable(SERVER)) {
      throw new NoSuchFileException(SERVER.toString(), null, "no MariaDB server installed (mariadb-server package)");
    }
    return SERVER.getParent();
  }

  @Override
  public String version(Path binDir, CommandRunner runner) throws IOException {
    // "/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 (Debian 12)"
    String out = runner.run(Command.of(binDir.resolve("mariadbd").toString(), "--version")).stdout().strip();
    int at = out.indexOf("Ver ");
    return at < 0 ? out : out.substring(at + 4).split("[\\s-]")[0];
  }

  @Override
  public List<Command> initCommands(InstanceDescriptor d) {
    return List.of(Command.of("mariadb-install-db", "--no-defaults", "--user=mysql", "--datadir=" + d.dataDir(),
        "--auth-root-authentication-method=normal", "--skip-test-db",
        "--innodb-log-group-home-dir=" + d.logDir()));
  }

  @Override
  public Command startCommand(InstanceDescriptor d) {
    // setsid: the server leaves the agent's session, so neither the agent's exit nor a ^C stops it.
    List<String> argv = new java.util.ArrayList<>(List.of("setsid", d.binDir().resolve("mariadbd").toString(),
        "--no-defaults", "--user=mysql", "--datadir=" + d.dataDir(), "--innodb-log-group-home-dir=" + d.logDir(),
        "--port=" + d.port(), "--socket=" + socket(d), "--bind-address=127.0.0.1", "--pid-file=" + pidFile(d),
        "--log-error=" + errorLog(d)));
    argv.addAll(PERFORMANCE_SCHEMA);
    Command start = Command.of(argv);
    return d.cgroup().map(start::inCgroup).orElse(start);
  }

  @Override
  public void start(InstanceDescriptor d, CommandRunner runner) throws IOException {
    Process server = DetachedStart.start(startCommand(d), d.instanceDir().resolve(CONSOLE));
    long deadline = System.nanoTime() + START_LIMIT.toNanos();
    while (true) {
      if (runner.attempt(sql(d, "SELECT 1")).succeeded()) {
        return;
      }
      if (!server.isAlive()) {
        throw new IOException("mariadbd exited with code " + server.exitValue() + " while starting; see "
            + errorLog(d) + ":\n" + tail(errorLog(d)));
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("mariadbd accepts no connection on port " + d.port() + " after "
            + START_LIMIT.toSeconds() + " s; see " + errorLog(d));
      }
      pause(100);
    }
  }

  @Override
  public void stop(InstanceDescriptor d, CommandRunner runner) throws IOException {
    Optional<ProcessHandle> server = serverProcess(d);
    runner.run(stopCommands(d).get(0));
    long deadline = System.nanoTime() + STOP_LIMIT.toNanos();
    while (server.isPresent() && server.get().isAlive()) {
      if (System.nanoTime() > deadline) {
        throw new IOException("mariadbd (pid " + server.get().pid() + ") still runs " + STOP_LIMIT.toSeconds()
            + " s after SHUTDOWN; see " + errorLog(d));
      }
      pause(50);
    }
  }

  @Override
  public List<Command> stopCommands(InstanceDescriptor d) {
    return List.of(sql(d, "SET GLOBAL innodb_fast_shutdown=0; SHUTDOWN"));
  }

  /**
   * Whether the server runs. One found still starting (no pid file yet: its starter was killed a
   * moment ago) is waited for until it accepts connections or exits, so that what comes next — a
   * SHUTDOWN over SQL, or the conclusion that it is down — finds it settled.
   */
  @Override
  public boolean running(InstanceDescriptor d, CommandRunner runner) {
    Optional<ProcessHandle> server = serverProcess(d);
    if (server.isPresent() && !Files.exists(pidFile(d))) {
      long deadline = System.nanoTime() + START_LIMIT.toNanos();
      try {
        while (server.get().isAlive() && System.nanoTime() < deadline
            && !runner.attempt(sql(d, "SELECT 1")).succeeded()) {
          pause(100);
        }
      } catch (IOException e) {
        // The client cannot be run: say what the process table says, as without the wait.
      }
    }
    return serverProcess(d).isPresent();
  }

  /**
   * The live server process of this instance, if any: the one its pid file names, or else a
   * mariadbd started on its data directory that has not written its pid file yet. A server is
   * started by a process that may be killed a moment later (an interrupted relocation); one still
   * starting then holds the data directory's locks, and a second one started beside it fails with
   * "Can't lock aria control file".
   */
  private static Optional<ProcessHandle> serverProcess(InstanceDescriptor d) {
    try {
      long pid = Long.parseLong(Files.readString(pidFile(d), StandardCharsets.US_ASCII).strip());
      Optional<ProcessHandle> named = ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
          .filter(p -> p.info().command().map(c -> c.endsWith("mariadbd")).orElse(true));
      if (named.isPresent()) {
        return named;
      }
    } catch (IOException | NumberFormatException e) {
      // No pid file (yet): look for the process itself.
    }
    String dataDirArgument = "--datadir=" + d.dataDir();
    return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
        .filter(p -> p.info().command().map(c -> c.endsWith("mariadbd")).orElse(false))
        .filter(p -> p.info().arguments().map(a -> java.util.Arrays.asList(a).contains(dataDirArgument)).orElse(false))
        .findFirst();
  }

  @Override
  public Command sql(InstanceDescriptor d, String statements) {
    return Command.of("mariadb", "--no-defaults", "--protocol=tcp", "-h", "127.0.0.1", "-P", Integer.toString(d.port()),
        "-u", "root", "-N", "-B", "-e", statements);
  }

  @Override
  public String createTestDatabase() {
    return "CREATE DATABASE IF NOT EXISTS test";
  }

  @Override
  public String jdbcUrl(InstanceDescriptor d) {
    return MariadbDialect.URL_PREFIX + "//127.0.0.1:" + d.port() + "/test";
  }

  /**
   * InnoDB has no checkpoint statement outside debug builds: its page cleaner is told to keep no
   * dirty page ({@code innodb_max_dirty_pages_pct=0}) until the buffer pool reports none, then the
   * setting is put back.
   */
  @Override
  public void settle(InstanceDescriptor d, CommandRunner runner) throws IOException {
    String before = runner.run(sql(d, "SELECT @@GLOBAL.innodb_max_dirty_pages_pct")).stdout().strip();
    runner.run(sql(d, "SET GLOBAL innodb_max_dirty_pages_pct=0"));
    try {
      long deadline = System.nanoTime() + SETTLE_WAIT.toNanos();
      while (dirtyPages(d, runner) > 0) {
        if (System.nanoTime() > deadline) {
          throw new IOException("InnoDB still had dirty pages after " + SETTLE_WAIT.toSeconds() + " s");
        }
        pause(100);
      }
    } finally {
      runner.run(sql(d, "SET GLOBAL innodb_max_dirty_pages_pct=" + before));
    }
  }

  private long dirtyPages(InstanceDescriptor d, CommandRunner runner) throws IOException {
    String row = runner.run(sql(d, "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'")).stdout().strip();
    return Long.parseLong(row.substring(row.lastIndexOf('\t') + 1).strip());
  }

  @Override
  public String dbUser() {
    return "root";
  }

  @Override
  public Path logIn(Path logDir) {
    return logDir.resolve(MariadbLogFiles.REDO_LOG);
  }

  /** The server's error log; a relocation reads what the server wrote since its start. */
  public static Path errorLog(InstanceDescriptor d) {
    return d.instanceDir().resolve("server.log");
  }

  private static Path pidFile(InstanceDescriptor d) {
    return d.instanceDir().resolve("mariadbd.pid");
  }

  private static Path socket(InstanceDescriptor d) {
    return d.socketDir().resolve("mariadb.sock");
  }

  private static String tail(Path file) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
    } catch (IOException e) {
      return "(cannot read it: " + e.getMessage() + ")";
    }
  }

  private static void pause(long millis) throws IOException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while waiting for mariadbd");
    }
  }
}
