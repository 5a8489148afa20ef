package io.commitbench.driver.postgresql;

import io.commitbench.core.dialect.Availability;
import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.LockingSupport;
import io.commitbench.core.dialect.OwnershipMarks;
import io.commitbench.core.dialect.ServerContainer;
import io.commitbench.core.dialect.ServerReadings;
import io.commitbench.core.dialect.StandardErrors;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.dialect.UnsafeUrlSetting;
import io.commitbench.core.dialect.UrlAuthority;
import io.commitbench.core.dialect.UrlHosts;
import io.commitbench.core.dialect.UrlParameters;
import io.commitbench.core.dialect.Users;
import io.commitbench.core.load.BulkLoader;
import io.commitbench.core.server.ContainerFacts;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * PostgreSQL through postgresql-jdbc (pgjdbc). The central tables live in the admin's current
 * schema ({@code public} by default); an index is always created in its table's schema, so index
 * names stay unqualified. Actors are login roles.
 *
 * <p>PostgreSQL reports everything through SQLState (its vendor code is always 0), so {@link
 * #classify} reads the SQLState only. Stateless and thread-safe.
 *
 * <pre>
 * jdbc:postgresql://127.0.0.1:5432/test
 * </pre>
 */
public final class PostgresqlDialect implements Dialect {

  private static final Users USERS = new PostgresqlUsers();
  private static final OwnershipMarks MARKS = new PostgresqlMarks();
  private static final LockingSupport LOCKING = new PostgresqlLocking();
  private static final ServerReadings SERVER = new PostgresqlReadings();

  /** The SQLStates sysbench's PostgreSQL driver ignores (see {@link #sysbenchIgnores}). */
  private static final Set<String> SYSBENCH_IGNORED_STATES = Set.of("40P01", "23505", "40001");

  private static final String DRIVER_CLASS = "org.postgresql.Driver";
  /** The dialect's name, {@code db.type}; the storage module finds its own code by it. */
  public static final String NAME = "postgresql";
  /** What a PostgreSQL JDBC URL starts with. */
  public static final String URL_PREFIX = "jdbc:postgresql:";
  /**
   * The WAL directory in the data directory (PostgreSQL 10 on; a symlink when the WAL lives
   * elsewhere): named once for the server's facts and the storage module.
   */
  public static final String WAL_DIR = "pg_wal";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "PostgreSQL (postgresql-jdbc " + Availability.driverVersion(DRIVER_CLASS, getClass().getClassLoader()) + ")";
  }

  @Override
  public boolean acceptsUrl(String jdbcUrl) {
    return jdbcUrl != null && jdbcUrl.startsWith(URL_PREFIX);
  }

  /**
   * {@code jdbc:postgresql://hosts/db}; none for {@code jdbc:postgresql:db}. pgjdbc refuses a
   * {@code user:password@} and a port that is not a number only when connecting ("No suitable
   * driver"), so the default checks find them first.
   */
  @Override
  public Optional<UrlAuthority> urlAuthority(String jdbcUrl) {
    return UrlAuthority.parse(jdbcUrl.substring(URL_PREFIX.length()));
  }

  /** pgjdbc reaches a unix socket through a socket factory (junixsocket's), named in the URL. */
  private static final Pattern UNIX_SOCKET = Pattern.compile(
      "[?&;]socketFactory=[^&;]*unix|[?&;]socketFactoryArg=/", Pattern.CASE_INSENSITIVE);

  @Override
  public UrlHosts hosts(String jdbcUrl) {
    return UNIX_SOCKET.matcher(jdbcUrl).find() ? UrlHosts.unixSocket() : Dialect.super.hosts(jdbcUrl);
  }

  /**
   * pgjdbc's settings that name a class it loads and constructs (its connection parameters:
   * jdbc.postgresql.org/documentation/use; the unchecked construction of such classes was
   * CVE-2022-21724) and its log file. The TLS files (sslcert, sslkey, sslrootcert) are read as keys
   * and certificates only, and {@code options} sets server parameters: both stay allowed.
   */
  private static final String LOADS_A_CLASS = "makes pgjdbc load and construct the class it names";
  private static final List<UnsafeUrlSetting> UNSAFE_URL_SETTINGS = List.of(
      new UnsafeUrlSetting("socketFactory", LOADS_A_CLASS),
      new UnsafeUrlSetting("sslfactory", LOADS_A_CLASS),
      new UnsafeUrlSetting("sslhostnameverifier", LOADS_A_CLASS),
      new UnsafeUrlSetting("sslpasswordcallback", LOADS_A_CLASS),
      new UnsafeUrlSetting("authenticationPluginClassName", LOADS_A_CLASS),
      new UnsafeUrlSetting("connectExecutor", LOADS_A_CLASS),
      new UnsafeUrlSetting("xmlFactoryFactory", LOADS_A_CLASS),
      new UnsafeUrlSetting("loggerFile", "makes pgjdbc write its log to the file it names, anywhere this user may"
          + " write"));

  @Override
  public List<UnsafeUrlSetting> unsafeUrlSettings(String jdbcUrl) {
    return UrlParameters.setIn(jdbcUrl, UNSAFE_URL_SETTINGS);
  }

  @Override
  public Availability availability() {
    return Availability.ofDriverClass(DRIVER_CLASS, getClass().getClassLoader());
  }

  /** drivers/postgresql/image/container.properties: the image scripts/containers/build-images.sh builds, which follows the official image's variables. */
  @Override
  public Optional<ServerContainer> serverContainer() {
    return ContainerFacts.of(NAME, getClass().getClassLoader()).map(facts -> new ServerContainer(facts.defaultImage(),
        facts.port(), defaultUser(), facts.passwordVariable(), facts.environment(), facts.urlFormat()));
  }

  @Override
  public String defaultUser() {
    return "postgres";
  }

  /**
   * pgjdbc takes all three timeouts in seconds. Keep-alive lets the kernel notice a server that
   * vanished while a connection sat idle between cycles.
   */
  @Override
  public Properties connectionProperties(ConnectionTimeouts timeouts) {
    Properties props = new Properties();
    props.setProperty("connectTimeout", String.valueOf(timeouts.connectSeconds()));
    props.setProperty("loginTimeout", String.valueOf(timeouts.connectSeconds()));
    if (timeouts.boundsReads()) {
      props.setProperty("socketTimeout", String.valueOf(timeouts.socketReadSeconds()));
    }
    props.setProperty("ApplicationName", "commitbench");
    props.setProperty("tcpKeepAlive", "true");
    return props;
  }

  /** PostgreSQL enforces {@code statement_timeout} per session (lock waits included); error 57014. */
  @Override
  public List<String> sessionTimeoutStatements(int statementTimeoutSeconds) {
    return List.of("SET statement_timeout = '" + statementTimeoutSeconds + "s'");
  }

  /** NAMEDATALEN - 1: PostgreSQL would cut a longer name short (with a notice only). */
  @Override
  public int maxIdentifierLength() {
    return 63;
  }

  /**
   * By SQLState: class 40 and 55P03 for concurrency, 57014 for a cancelled statement, 57P01-03
   * for a backend terminated by shutdown or {@code pg_terminate_backend}, then the standard
   * classes 08 and 23.
   */
  @Override
  public ErrorClass classify(SQLException error) {
    String state = error.getSQLState() == null ? "" : error.getSQLState();
    return switch (state) {
      case "40P01" -> ErrorClass.DEADLOCK;
      case "40001" -> ErrorClass.SERIALIZATION_FAILURE;
      case "55P03" -> ErrorClass.LOCK_TIMEOUT;
      case "57014" -> ErrorClass.STATEMENT_TIMEOUT;
      case "57P01", "57P02", "57P03" -> ErrorClass.CONNECTION_LOST;
      default -> StandardErrors.classify(error).orElse(ErrorClass.OTHER);
    };
  }

  /**
   * sysbench 1.0.20's {@code drv_pgsql.c} ignores (rolls back, then restarts the event) exactly
   * three SQLStates: 40P01 deadlock_detected, 23505 unique_violation (the delete and insert pair
   * of two users that drew the same id) and 40001 serialization_failure; any other error is fatal.
   */
  @Override
  public boolean sysbenchIgnores(SQLException error) {
    return SYSBENCH_IGNORED_STATES.contains(error.getSQLState() == null ? "" : error.getSQLState());
  }

  /**
   * 28P01 a wrong password, 28000 a role that may not log in (NOLOGIN, no pg_hba.conf entry);
   * "too many connections" is 53300 and passes.
   */
  @Override
  public boolean loginRefused(SQLException error) {
    return "28P01".equals(error.getSQLState()) || "28000".equals(error.getSQLState());
  }

  /** 53300: "sorry, too many clients already", or a role's or database's CONNECTION LIMIT reached. */
  @Override
  public boolean connectionsExhausted(SQLException error) {
    return "53300".equals(error.getSQLState());
  }

  /**
   * {@code VACUUM ANALYZE}, as pgbench's "v" step runs it on each table after its load: it sets
   * the loaded rows' hint bits and the visibility map besides the statistics. VACUUM cannot run
   * inside a transaction block, so the caller runs it in autocommit.
   */
  @Override
  public List<String> analyzeStatements(TableSpec table) {
    return List.of("VACUUM ANALYZE " + table.qualifiedName());
  }

  /** {@code COPY FROM STDIN} through the driver's {@code CopyManager}. */
  @Override
  public BulkLoader bulkLoader() {
    return new CopyLoader();
  }

  @Override
  public Users users() {
    return USERS;
  }

  @Override
  public OwnershipMarks marks() {
    return MARKS;
  }

  @Override
  public LockingSupport locking() {
    return LOCKING;
  }

  @Override
  public ServerReadings server() {
    return SERVER;
  }
}
