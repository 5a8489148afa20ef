package io.commitbench.driver.mariadb;

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
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * MariaDB (InnoDB) through mariadb-java-client. MariaDB has databases instead of schemas, so the
 * central tables are qualified by the admin connection's database; index names belong to their
 * table and are never qualified. Actors are accounts {@code 'name'@'%'}.
 *
 * <p>SQLState alone misleads for some codes: a deadlock carries 40001, which the standard calls a
 * serialization failure, and a killed connection carries 70100, which the driver raises as an
 * {@code SQLTimeoutException}. So vendor codes are checked before the standard fallback.
 * Stateless and thread-safe.
 *
 * <pre>
 * jdbc:mariadb://127.0.0.1:3306/test
 * </pre>
 */
public final class MariadbDialect implements Dialect {

  private static final Users USERS = new MariadbUsers();
  private static final OwnershipMarks MARKS = new MariadbMarks();
  private static final LockingSupport LOCKING = new MariadbLocking();
  private static final ServerReadings SERVER = new MariadbReadings();

  /** sysbench's default {@code --mysql-ignore-errors} (see {@link #sysbenchIgnores}). */
  private static final Set<Integer> SYSBENCH_IGNORED_CODES = Set.of(1213, 1020, 1205);

  private static final String DRIVER_CLASS = "org.mariadb.jdbc.Driver";
  /** {@code jdbc:mariadb:} and, for several hosts, a mode such as {@code replication:}. */
  private static final Pattern URL_START = Pattern.compile("^jdbc:mariadb:(?:[a-z]+:)?");

  /** The dialect's name, {@code db.type}; the storage module finds its own code by it. */
  public static final String NAME = "mariadb";
  /** What a MariaDB JDBC URL starts with. */
  public static final String URL_PREFIX = "jdbc:mariadb:";
  /**
   * performance_schema's file I/O instrument of InnoDB's redo log: the log counters read the redo
   * log's write and sync time from it, and managed instances start with it enabled and timed.
   */
  public static final String REDO_LOG_INSTRUMENT = "wait/io/file/innodb/innodb_log_file";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "MariaDB (mariadb-java-client " + Availability.driverVersion(DRIVER_CLASS, getClass().getClassLoader()) + ")";
  }

  @Override
  public boolean acceptsUrl(String jdbcUrl) {
    return jdbcUrl != null && jdbcUrl.startsWith(URL_PREFIX);
  }

  /**
   * {@code jdbc:mariadb:[mode:]//hosts/db}. mariadb-java-client reads a {@code password=} setting
   * in any case; {@code user:password@} it takes for a host with a bad port, and refuses that and
   * any port that is not a number only when connecting ("Incorrect port value: pw@host"), so the
   * default checks find them first.
   */
  @Override
  public Optional<UrlAuthority> urlAuthority(String jdbcUrl) {
    Matcher start = URL_START.matcher(jdbcUrl);
    return start.find() ? UrlAuthority.parse(jdbcUrl.substring(start.end())) : Optional.empty();
  }

  /** mariadb-java-client's (and Connector/J's) unix socket settings. */
  private static final Pattern UNIX_SOCKET = Pattern.compile("[?&;](localSocket|unixSocket)=", Pattern.CASE_INSENSITIVE);

  /** A unix socket, the hosts of {@code address=(host=…)(port=…)} entries, or those of the authority. */
  @Override
  public UrlHosts hosts(String jdbcUrl) {
    if (UNIX_SOCKET.matcher(jdbcUrl).find()) {
      return UrlHosts.unixSocket();
    }
    List<String> addresses = UrlHosts.hostParameters(jdbcUrl);
    return addresses.isEmpty() ? Dialect.super.hosts(jdbcUrl) : UrlHosts.of(addresses);
  }

  /**
   * Connector/J's settings that run SQL on every new connection or name a class it loads and
   * constructs (its connection parameters: mariadb.com/docs/connectors/mariadb-connector-j). The
   * TLS files (serverSslCert, keyStore, trustStore) are read as keys and certificates only.
   */
  private static final List<UnsafeUrlSetting> UNSAFE_URL_SETTINGS = List.of(
      new UnsafeUrlSetting("initSql", "makes Connector/J run that SQL on every new connection"),
      new UnsafeUrlSetting("sessionVariables", "makes Connector/J run SET with those values, which are SQL"
          + " expressions, on every new connection"),
      new UnsafeUrlSetting("socketFactory", "makes Connector/J load and construct the class it names"));

  @Override
  public List<UnsafeUrlSetting> unsafeUrlSettings(String jdbcUrl) {
    return UrlParameters.setIn(jdbcUrl, UNSAFE_URL_SETTINGS);
  }

  @Override
  public Availability availability() {
    return Availability.ofDriverClass(DRIVER_CLASS, getClass().getClassLoader());
  }

  /** drivers/mariadb/image/container.properties: the image scripts/containers/build-images.sh builds, which follows the official image's variables. */
  @Override
  public Optional<ServerContainer> serverContainer() {
    return ContainerFacts.of(NAME, getClass().getClassLoader()).map(facts -> new ServerContainer(facts.defaultImage(),
        facts.port(), defaultUser(), facts.passwordVariable(), facts.environment(), facts.urlFormat()));
  }

  @Override
  public String defaultUser() {
    return "root";
  }

  /** mariadb-java-client takes its timeouts in milliseconds. */
  @Override
  public Properties connectionProperties(ConnectionTimeouts timeouts) {
    Properties props = new Properties();
    props.setProperty("connectTimeout", String.valueOf(timeouts.connectSeconds() * 1000L));
    if (timeouts.boundsReads()) {
      props.setProperty("socketTimeout", String.valueOf(timeouts.socketReadSeconds() * 1000L));
    }
    return props;
  }

  /**
   * mariadb-java-client prepares on the client unless told otherwise: each execution is then SQL
   * text the server parses again, which leaves an OLTP workload's transactions/s further behind
   * sysbench's (see docs/performance.md).
   */
  @Override
  public Properties serverPreparedStatements() {
    Properties props = new Properties();
    props.setProperty("useServerPrepStmts", "true");
    return props;
  }

  /**
   * The connection's database. The driver reports it as the catalog by default and as the schema
   * with {@code useCatalogTerm=Schema}; without one in the URL there is nowhere to create tables.
   */
  @Override
  public String centralQualifier(Connection admin) throws SQLException {
    String database = admin.getCatalog();
    if (database == null || database.isEmpty()) {
      database = admin.getSchema();
    }
    if (database == null || database.isEmpty()) {
      throw new SQLException("no database selected: name one in db.url, e.g. jdbc:mariadb://host:3306/test");
    }
    return database;
  }

  /**
   * {@code max_statement_time} for the session (error 1969), set once: with a JDBC query timeout
   * the driver would prefix every statement with {@code SET STATEMENT max_statement_time=... FOR}.
   */
  @Override
  public List<String> sessionTimeoutStatements(int statementTimeoutSeconds) {
    return List.of("SET SESSION max_statement_time = " + statementTimeoutSeconds);
  }

  /**
   * DATETIME: a table's first TIMESTAMP column is set to the current time by every UPDATE of its
   * row where explicit_defaults_for_timestamp is off (MariaDB's default before 10.10).
   */
  @Override
  public String timestampType() {
    return "DATETIME";
  }

  /** InnoDB stores a table in its primary key's order: adding the key after the rows rebuilds the table. */
  @Override
  public boolean primaryKeyAfterLoad() {
    return false;
  }

  /** InnoDB, the engine with a redo log, whatever the server's default engine is. */
  @Override
  public String tableOptions() {
    return "ENGINE=InnoDB";
  }

  /** sysbench's MySQL id: {@code AUTO_INCREMENT} (MariaDB has no identity columns). */
  @Override
  public String generatedIntegerColumn() {
    return "INTEGER NOT NULL AUTO_INCREMENT";
  }

  /** InnoDB moves the counter past loaded ids by itself; stated anyway, so the next id is as planned. */
  @Override
  public List<String> restartGeneratedStatements(TableSpec table, String column, long next) {
    return List.of("ALTER TABLE " + table.qualifiedName() + " AUTO_INCREMENT = " + next);
  }

  /** {@code ANALYZE TABLE}: InnoDB's persistent statistics of the table and its indexes, refreshed. */
  @Override
  public List<String> analyzeStatements(TableSpec table) {
    return List.of("ANALYZE TABLE " + table.qualifiedName());
  }

  @Override
  public BulkLoader bulkLoader() {
    return new LoadDataLocalLoader();
  }

  @Override
  public int maxIdentifierLength() {
    return 64;
  }

  /**
   * MariaDB documents user names of up to 80 characters; the account table holds 128 on 10.11, but
   * the documented limit is the one every supported release keeps.
   */
  @Override
  public int maxUserNameLength() {
    return 80;
  }

  /**
   * Server codes first (1969 is MariaDB's max_statement_time, 3024 MySQL's max_execution_time,
   * 1317 a KILL QUERY), then the client codes 2006/2013 for a lost server, then the standard.
   */
  @Override
  public ErrorClass classify(SQLException error) {
    return switch (error.getErrorCode()) {
      case 1213 -> ErrorClass.DEADLOCK;
      case 1205 -> ErrorClass.LOCK_TIMEOUT;
      case 1020 -> ErrorClass.SERIALIZATION_FAILURE;
      case 1062 -> ErrorClass.CONSTRAINT_VIOLATION;
      case 1969, 1317, 3024 -> ErrorClass.STATEMENT_TIMEOUT;
      case 1927, 2006, 2013 -> ErrorClass.CONNECTION_LOST;
      default -> StandardErrors.classify(error).orElse(ErrorClass.OTHER);
    };
  }

  /**
   * sysbench 1.0.20's {@code drv_mysql.c} ignores the error codes of {@code --mysql-ignore-errors},
   * whose default is 1213 (deadlock), 1020 (record changed since last read) and 1205 (lock wait
   * timeout): it restarts the event. A duplicate key (1062) is fatal there, as is any other error.
   */
  @Override
  public boolean sysbenchIgnores(SQLException error) {
    return SYSBENCH_IGNORED_CODES.contains(error.getErrorCode());
  }

  /**
   * 1045 access denied (wrong password or unknown user), 4151 a locked account; 1040 and 1203
   * ("too many connections", for the server or the user) pass.
   */
  @Override
  public boolean loginRefused(SQLException error) {
    return error.getErrorCode() == 1045 || error.getErrorCode() == 4151;
  }

  /** 1040 "Too many connections" (max_connections), 1203 a user's max_user_connections reached. */
  @Override
  public boolean connectionsExhausted(SQLException error) {
    return error.getErrorCode() == 1040 || error.getErrorCode() == 1203;
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
