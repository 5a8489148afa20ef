package io.commitbench.storage.instance;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How one kind of database server is installed, started, stopped and asked questions. One class
 * per kind, in that kind's storage module (drivers/KIND/storage), registered in {@code
 * META-INF/services/io.commitbench.storage.instance.InstanceEngine} and found by {@link
 * InstanceEngines}, so the generic instance code never branches on the kind. Implementations
 * have a public no-argument constructor and are stateless and thread-safe.
 */
public interface InstanceEngine {

  /** The kind's name, as {@code db.type} spells it: {@code postgresql}, {@code mariadb}. */
  String kind();

  /**
   * What the help of {@code storage instance} says of this kind. The default names the kind and
   * says no more than the generic help does; a kind's engine names its product and programs.
   */
  default EngineHelp help() {
    return new EngineHelp(kind(), "the kind's own program", "a clean shutdown", Optional.empty());
  }

  /** The OS user the server runs as; it owns the data and log directories. */
  String osUser();

  /** The directory of the server's programs on this host, newest version first. */
  Path findBinaries() throws IOException;

  /** The server's version, asked of its programs. */
  String version(Path binDir, CommandRunner runner) throws IOException;

  /** The commands that make a new, empty data directory with its log in {@code logDir}. */
  List<Command> initCommands(InstanceDescriptor d);

  /** Starts the server (inside the descriptor's cgroup if any) and returns once it accepts connections. */
  void start(InstanceDescriptor d, CommandRunner runner) throws IOException;

  /** The start as a command line, for a plan. */
  Command startCommand(InstanceDescriptor d);

  /** Stops the server cleanly and returns once its process has exited. */
  void stop(InstanceDescriptor d, CommandRunner runner) throws IOException;

  /** The clean stop as command lines, for a plan. */
  List<Command> stopCommands(InstanceDescriptor d);

  /** Whether the server of this instance is running. */
  boolean running(InstanceDescriptor d, CommandRunner runner) throws IOException;

  /** A client command that runs SQL as the administrator and prints rows tab-separated, no header. */
  Command sql(InstanceDescriptor d, String statements);

  /**
   * Writes every change made so far to the data files and returns once it is done (a checkpoint),
   * so that what follows (a snapshot, a measured run) starts from the same quiet state every time.
   */
  void settle(InstanceDescriptor d, CommandRunner runner) throws IOException;

  /** The SQL that makes the {@code test} database. */
  String createTestDatabase();

  /**
   * Client commands to run in the new {@code test} database once it exists (the extensions a
   * run's measurements use, where the server has them). The default: none.
   */
  default List<Command> testDatabaseSetup(InstanceDescriptor d) {
    return List.of();
  }

  /** The JDBC URL of the {@code test} database. */
  String jdbcUrl(InstanceDescriptor d);

  /** The database user of {@link #jdbcUrl} (password empty). */
  String dbUser();

  /**
   * The files the server writes into the instance directory beside the agent's own (its log, its
   * console output), removed with the instance when the directory itself is kept. The default:
   * {@code server.log}.
   */
  default List<String> instanceFiles() {
    return List.of("server.log");
  }

  /** The transaction log inside a log directory: the {@code pg_wal} directory, the {@code ib_logfile0} file. */
  Path logIn(Path logDir);
}
