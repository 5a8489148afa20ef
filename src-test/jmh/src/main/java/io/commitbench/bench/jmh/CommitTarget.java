package io.commitbench.bench.jmh;

import io.commitbench.bench.Folders;
import io.commitbench.core.dialect.Availability;
import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.dialect.WorkloadSql;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The database {@link CommitLatency} writes to, shared by all its threads: which dialect serves
 * the URL, how to connect, and the one table, created once per trial and dropped at its end.
 *
 * <p>Parameters ({@code -p name=value}):
 *
 * <ul>
 *   <li>{@code url}: a JDBC URL any dialect accepts; {@value #EMBEDDED} (the default) means the
 *       embedded database's default URL in a new temporary directory (an H2 file database)
 *   <li>{@code user}: empty (the default) means the dialect's default user
 *   <li>{@code passwordEnv}: the name of the environment variable holding the password; empty
 *       (the default) means no password. The password itself is never a parameter, so JMH never
 *       prints it
 *   <li>{@code rowBytes}: characters written per row, split evenly over the two varchar columns
 *       (ASCII, so bytes); the 8-byte key is not counted. Both varchars are indexed, so the
 *       products' index key limits cap it (about 1500 works everywhere)
 * </ul>
 *
 * <p>Thread-safety: set up and torn down by JMH on one thread; {@link #connect} and {@link
 * #nextThread} are called by every benchmark thread during its own setup.
 */
@State(Scope.Benchmark)
public class CommitTarget {

  /** The {@code url} value that selects the embedded database in a temporary directory. */
  public static final String EMBEDDED = "embedded";
  /** The benchmark's table; a table of that name left by an aborted run is dropped first. */
  static final String TABLE = "cb_jmh_commit";

  @Param(EMBEDDED)
  public String url;

  @Param("")
  public String user;

  @Param("")
  public String passwordEnv;

  @Param("100")
  public int rowBytes;

  private final AtomicInteger threads = new AtomicInteger();
  private Dialect dialect;
  private String jdbcUrl;
  private Properties properties;
  private TableSpec table;
  private Path temporaryDirectory;

  @Setup(Level.Trial)
  public void createTable() throws IOException, SQLException {
    if (rowBytes < 2) {
      throw new IllegalArgumentException("rowBytes must be at least 2 (it is split over two varchar columns), got "
          + rowBytes);
    }
    DialectRegistry registry = DialectRegistry.load();
    jdbcUrl = EMBEDDED.equals(url) ? embeddedUrl(registry) : url;
    dialect = registry.forUrl(jdbcUrl).orElseThrow(() -> new IllegalArgumentException("no dialect accepts url '"
        + jdbcUrl + "'; use -p url=jdbc:... for one of the dialects " + registry.names() + " or -p url=" + EMBEDDED));
    Availability availability = dialect.availability();
    if (!availability.available()) {
      throw new IllegalStateException("dialect " + dialect.name() + " cannot run here: " + availability.reason());
    }
    properties = dialect.connectionProperties(new ConnectionTimeouts(10, 60));
    properties.setProperty("user", user.isEmpty() ? dialect.defaultUser() : user);
    if (!passwordEnv.isEmpty()) {
      String password = System.getenv(passwordEnv);
      if (password == null) {
        throw new IllegalArgumentException("passwordEnv names the environment variable '" + passwordEnv
            + "', which is not set");
      }
      properties.setProperty("password", password);
    }
    threads.set(0);
    try (Connection admin = connect()) {
      String qualifier = dialect.centralQualifier(admin);
      table = new TableSpec(TABLE, qualifier, dialect.qualifiedName(qualifier, TABLE), rowBytes / 2);
      execute(admin, dialect.dropTableStatements(table));
      execute(admin, dialect.createTableStatements(table));
    }
  }

  @TearDown(Level.Trial)
  public void dropTable() throws IOException, SQLException {
    try (Connection admin = connect()) {
      execute(admin, dialect.dropTableStatements(table));
    } finally {
      if (temporaryDirectory != null) {
        Folders.deleteRecursively(temporaryDirectory);
      }
    }
  }

  /** A new connection as the configured user, with the dialect's timeouts; autocommit is on. */
  Connection connect() throws SQLException {
    try {
      return DriverManager.getConnection(jdbcUrl, properties);
    } catch (SQLException e) {
      throw new SQLException("connecting to " + jdbcUrl + " as " + properties.getProperty("user") + " failed: "
          + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
    }
  }

  /** A number for the calling benchmark thread, 0, 1, 2, ...: it picks the thread's keys and values. */
  int nextThread() {
    return threads.getAndIncrement();
  }

  WorkloadSql sql() {
    return dialect.workloadSql(table);
  }

  /** The declared length of each varchar column, and the length of every value written. */
  int textLength() {
    return table.textLength();
  }

  private String embeddedUrl(DialectRegistry registry) throws IOException {
    temporaryDirectory = Files.createTempDirectory("commitbench-jmh");
    return registry.all().stream()
        .flatMap(d -> d.defaultUrl(temporaryDirectory).stream())
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("url=" + EMBEDDED
            + " needs an embedded database, but none of the dialects " + registry.names() + " has one"));
  }

  private static void execute(Connection connection, List<String> statements) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }
}
