package io.commitbench.driver.h2;

import io.commitbench.core.dialect.Availability;
import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.LockingSupport;
import io.commitbench.core.dialect.OwnershipMarks;
import io.commitbench.core.dialect.ServerReadings;
import io.commitbench.core.dialect.StandardErrors;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.dialect.UnsafeUrlSetting;
import io.commitbench.core.dialect.UrlAuthority;
import io.commitbench.core.dialect.Users;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * H2 2.x, the embedded default: with no {@code db.url} the harness runs against an H2 file
 * database in its data directory, so a fresh machine needs no server.
 *
 * <p>H2 keeps tables and indexes in schemas ({@code PUBLIC} by default), so index names are
 * qualified like the table. H2 error codes are five-digit numbers from {@code
 * org.h2.api.ErrorCode}; several of them are raised with a misleading JDBC subclass (a lock
 * timeout is an {@code SQLTimeoutException}, a deadlock carries SQLState 40001), so the codes
 * are checked before the standard fallback. Stateless and thread-safe.
 *
 * <pre>
 * jdbc:h2:file:/path/to/results/data/commitbench
 * </pre>
 */
public final class H2Dialect implements Dialect {

  private static final Users USERS = new H2Users();
  private static final OwnershipMarks MARKS = new H2Marks();
  private static final LockingSupport LOCKING = new H2Locking();
  private static final ServerReadings SERVER = new H2Readings();

  private static final String DRIVER_CLASS = "org.h2.Driver";
  /** A URL of H2's server mode, the only one that names a host and port. */
  private static final Pattern SERVER_URL_START = Pattern.compile("^jdbc:h2:(?:tcp|ssl):");

  @Override
  public String name() {
    return "h2";
  }

  /** The quick start's database: a run that names no database runs on embedded H2. */
  @Override
  public boolean isDefault() {
    return true;
  }

  @Override
  public String description() {
    return "H2 Database Engine, embedded (h2 " + Availability.driverVersion(DRIVER_CLASS, getClass().getClassLoader()) + ")";
  }

  @Override
  public boolean acceptsUrl(String jdbcUrl) {
    return jdbcUrl != null && jdbcUrl.startsWith("jdbc:h2:");
  }

  /**
   * Only in server mode ({@code tcp://}, {@code ssl://}) does an H2 URL name a host and port; its
   * password can be only a {@code PASSWORD=} setting, which the default check finds.
   */
  @Override
  public Optional<UrlAuthority> urlAuthority(String jdbcUrl) {
    Matcher start = SERVER_URL_START.matcher(jdbcUrl);
    return start.find() ? UrlAuthority.parse(jdbcUrl.substring(start.end())) : Optional.empty();
  }

  /** {@code INIT}, the settings naming classes, and any setting whose value H2 would run as more than a value. */
  @Override
  public List<UnsafeUrlSetting> unsafeUrlSettings(String jdbcUrl) {
    return H2UrlSettings.unsafe(jdbcUrl);
  }

  @Override
  public Availability availability() {
    return Availability.ofDriverClass(DRIVER_CLASS, getClass().getClassLoader());
  }

  /** File mode rather than memory, so commits really reach the disk being measured. */
  @Override
  public Optional<String> defaultUrl(Path dataDirectory) {
    Path file = dataDirectory.toAbsolutePath().normalize().resolve("commitbench");
    return Optional.of("jdbc:h2:file:" + file);
  }

  @Override
  public String defaultUser() {
    return "sa";
  }

  /**
   * Only {@code DB_CLOSE_ON_EXIT=FALSE}: by default H2 closes an embedded database in a JVM
   * shutdown hook of its own, which on Ctrl-C races the harness's hook that lets the actors stop
   * and drops the run's tables and users: closed first, it would leave them behind and fail an
   * in-flight statement. No timeouts: an embedded database has no network to wait on, and H2 rejects
   * settings it does not know, even for {@code jdbc:h2:tcp:} URLs.
   */
  @Override
  public Properties connectionProperties(ConnectionTimeouts timeouts) {
    Properties properties = new Properties();
    properties.setProperty("DB_CLOSE_ON_EXIT", "FALSE");
    return properties;
  }

  /**
   * Bounds lock waits ({@code LOCK_TIMEOUT}, error 50200), the one way the workload's single-row
   * statements can stall an embedded database. H2's {@code QUERY_TIMEOUT} would bound CPU time too,
   * but costs a clock read per row visited: 3 % of the throughput in {@code HarnessOverhead}.
   */
  @Override
  public List<String> sessionTimeoutStatements(int statementTimeoutSeconds) {
    return List.of("SET LOCK_TIMEOUT " + statementTimeoutSeconds * 1000L);
  }

  /**
   * H2 locks its catalog (the SYS table) while a CREATE INDEX or ADD CONSTRAINT runs: a second one
   * on another connection fails with a lock timeout where the first takes longer than that.
   */
  @Override
  public boolean schemaChangesInParallel() {
    return false;
  }

  /** H2 names indexes in the schema of their table. */
  @Override
  public String indexName(TableSpec table, String index) {
    return qualifiedName(table.qualifier(), index);
  }

  /** H2's {@code ANALYZE TABLE}: the selectivity of each column, which its planner uses. */
  @Override
  public List<String> analyzeStatements(TableSpec table) {
    return List.of("ANALYZE TABLE " + table.qualifiedName());
  }

  /** H2's own limit (MAX_IDENTIFIER_LENGTH); far above what the harness makes. */
  @Override
  public int maxIdentifierLength() {
    return 256;
  }

  /**
   * H2's codes first. 90108 (out of memory) counts as a lost connection because H2 shuts the
   * database down when a command runs out of memory; 90131 (concurrent update of the same row
   * under MVCC) is H2's serialization failure.
   */
  @Override
  public ErrorClass classify(SQLException error) {
    return switch (error.getErrorCode()) {
      case 40001 -> ErrorClass.DEADLOCK;
      case 90131 -> ErrorClass.SERIALIZATION_FAILURE;
      case 50200 -> ErrorClass.LOCK_TIMEOUT;
      case 57014 -> ErrorClass.STATEMENT_TIMEOUT;
      case 90067, 90098, 90108, 90121 -> ErrorClass.CONNECTION_LOST;
      case 23505 -> ErrorClass.CONSTRAINT_VIOLATION;
      default -> StandardErrors.classify(error).orElse(ErrorClass.OTHER);
    };
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
