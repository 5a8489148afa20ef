package io.commitbench.storage.postgresql;

import io.commitbench.driver.postgresql.PostgresqlDialect;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.EngineHelp;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.InstanceEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A private PostgreSQL cluster: {@code initdb} with the WAL in {@code LOGDIR/pg_wal} (a symlink
 * from the data directory) and data checksums, trust authentication for the {@code postgres}
 * user over 127.0.0.1, started and stopped with {@code pg_ctl} as the {@code postgres} OS user
 * (initdb refuses root).
 */
public final class PostgresqlEngine implements InstanceEngine {

  /** The first major version with track_wal_io_timing. */
  private static final int WAL_TIMING_SINCE = 14;

  private static final Path VERSIONS = Path.of("/usr/lib/postgresql");
  /** The extension that samples wait events inside the server (Debian: postgresql-NN-pg-wait-sampling). */
  static final String WAIT_SAMPLING = "pg_wait_sampling";
  /** pg_ctl's exit code for "no server running". */
  private static final int NOT_RUNNING = 3;

  @Override
  public String kind() {
    return PostgresqlDialect.NAME;
  }

  @Override
  public EngineHelp help() {
    return new EngineHelp("PostgreSQL", "initdb", "fast shutdown", Optional.empty());
  }

  @Override
  public String osUser() {
    return "postgres";
  }

  @Override
  public Path findBinaries() throws IOException {
    if (!Files.isDirectory(VERSIONS)) {
      throw new NoSuchFileException(VERSIONS.toString(), null, "no PostgreSQL server installed (postgresql-NN package)");
    }
    try (Stream<Path> versions = Files.list(VERSIONS)) {
      return versions.filter(v -> v.getFileName().toString().matches("\\d+"))
          .filter(v -> Files.isExecutable(v.resolve("bin/initdb")))
          .max(Comparator.comparingInt(v -> Integer.parseInt(v.getFileName().toString())))
          .map(v -> v.resolve("bin"))
          .orElseThrow(() -> new NoSuchFileException(VERSIONS + "/*/bin/initdb", null, "no PostgreSQL server binaries"));
    }
  }

  @Override
  public String version(Path binDir, CommandRunner runner) throws IOException {
    // "postgres (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)" -> "15.14"
    String out = runner.run(Command.of(binDir.resolve("postgres").toString(), "--version")).stdout().strip();
    String[] words = out.split("\\s+");
    return words.length >= 3 ? words[2] : out;
  }

  @Override
  public List<Command> initCommands(InstanceDescriptor d) {
    return List.of(Command.of(bin(d, "initdb"), "-D", d.dataDir().toString(), "--waldir=" + logIn(d.logDir()),
        "-A", "trust", "-U", "postgres", "--data-checksums").asUser(osUser()));
  }

  @Override
  public void start(InstanceDescriptor d, CommandRunner runner) throws IOException {
    runner.run(startCommand(d));
  }

  @Override
  public Command startCommand(InstanceDescriptor d) {
    Command start = Command.of(bin(d, "pg_ctl"), "-D", d.dataDir().toString(), "-w", "-t", "120",
        "-l", d.instanceDir().resolve("server.log").toString(),
        "-o", "-p " + d.port() + " -k " + d.socketDir() + " -c listen_addresses=127.0.0.1" + walTiming(d.version())
            + waitSampling(d),
        "start").asUser(osUser());
    return d.cgroup().map(start::inCgroup).orElse(start);
  }

  /**
   * The server times its own WAL writes and syncs (pg_stat_wal's wal_write_time and wal_sync_time),
   * so a run's report has the server's log sync time per commit beside the client's commit
   * latency. On by default in instances the agent manages; PostgreSQL has it from 14 on.
   */
  static String walTiming(String version) {
    return major(version) >= WAL_TIMING_SINCE ? " -c track_wal_io_timing=on" : "";
  }

  /**
   * The server samples its backends' wait events itself (pg_wait_sampling), where the package is
   * installed, so a run's commit breakdown reads them at the server's own period instead of
   * sampling pg_stat_activity from outside.
   */
  static String waitSampling(InstanceDescriptor d) {
    return hasWaitSampling(d) ? " -c shared_preload_libraries=" + WAIT_SAMPLING : "";
  }

  private static boolean hasWaitSampling(InstanceDescriptor d) {
    return Files.isRegularFile(d.binDir().resolveSibling("lib").resolve(WAIT_SAMPLING + ".so"));
  }

  @Override
  public List<Command> testDatabaseSetup(InstanceDescriptor d) {
    return hasWaitSampling(d) ? List.of(Command.of(bin(d, "psql"), "-X", "-q", "-h", "127.0.0.1", "-p",
        Integer.toString(d.port()), "-U", "postgres", "-d", "test", "-v", "ON_ERROR_STOP=1", "-c",
        "CREATE EXTENSION IF NOT EXISTS " + WAIT_SAMPLING)) : List.of();
  }

  /** {@code 15.14} -> 15; 0 when the version does not start with a number. */
  private static int major(String version) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(\\d+)").matcher(version == null ? "" : version);
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }

  @Override
  public void stop(InstanceDescriptor d, CommandRunner runner) throws IOException {
    for (Command c : stopCommands(d)) {
      runner.run(c);
    }
  }

  @Override
  public List<Command> stopCommands(InstanceDescriptor d) {
    return List.of(Command.of(bin(d, "pg_ctl"), "-D", d.dataDir().toString(), "-m", "fast", "-w", "-t", "120", "stop")
        .asUser(osUser()));
  }

  @Override
  public boolean running(InstanceDescriptor d, CommandRunner runner) throws IOException {
    CommandResult r = runner.attempt(Command.of(bin(d, "pg_ctl"), "-D", d.dataDir().toString(), "status")
        .asUser(osUser()));
    if (r.exitCode() != 0 && r.exitCode() != NOT_RUNNING) {
      throw new io.commitbench.storage.exec.CommandFailedException(r);
    }
    return r.exitCode() == 0;
  }

  @Override
  public Command sql(InstanceDescriptor d, String statements) {
    return Command.of(bin(d, "psql"), "-X", "-q", "-h", "127.0.0.1", "-p", Integer.toString(d.port()), "-U", "postgres",
        "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-At", "-F", "\t", "-c", statements);
  }

  @Override
  public String createTestDatabase() {
    return "CREATE DATABASE test";
  }

  @Override
  public String jdbcUrl(InstanceDescriptor d) {
    return PostgresqlDialect.URL_PREFIX + "//127.0.0.1:" + d.port() + "/test";
  }

  @Override
  public void settle(InstanceDescriptor d, CommandRunner runner) throws IOException {
    runner.run(sql(d, "CHECKPOINT"));
  }

  @Override
  public String dbUser() {
    return "postgres";
  }

  @Override
  public Path logIn(Path logDir) {
    return logDir.resolve(PostgresqlLogFiles.WAL_DIR);
  }

  private static String bin(InstanceDescriptor d, String program) {
    return d.binDir().resolve(program).toString();
  }
}
