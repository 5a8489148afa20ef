package io.commitbench.driver.postgresql;


import io.commitbench.core.dialect.Availability;
import io.commitbench.core.dialect.Catalogs;
import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.DbObject;
import io.commitbench.core.dialect.DbSession;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.ServerContainer;
import io.commitbench.core.dialect.StandardErrors;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.dialect.UnsafeUrlSetting;
import io.commitbench.core.dialect.UrlAuthority;
import io.commitbench.core.dialect.UrlHosts;
import io.commitbench.core.dialect.UrlParameters;
import io.commitbench.core.load.BulkLoader;
import io.commitbench.core.server.ContainerFacts;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
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
  /** Salts of the actors' SCRAM verifiers; SecureRandom is thread-safe. */
  private static final SecureRandom SALTS = new SecureRandom();

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

  /** A superuser, or a role with CREATEROLE, may create the actors' login roles. */
  @Override
  public boolean canCreateUsers(Connection admin) throws SQLException {
    try (Statement st = admin.createStatement();
        ResultSet rs = st.executeQuery(
            "SELECT rolsuper OR rolcreaterole FROM pg_catalog.pg_roles WHERE rolname = current_user")) {
      return rs.next() && rs.getBoolean(1);
    }
  }

  /**
   * The password goes as its SCRAM-SHA-256 verifier (see {@link ScramSha256Verifier}), which
   * PostgreSQL stores as given: the clear password would otherwise be in the server log with
   * {@code log_statement=ddl} and in {@code pg_stat_activity}. The actor still logs in with the
   * clear password (SCRAM, or md5 authentication, which falls back to SCRAM for such a role).
   * PostgreSQL has no per-user storage quota (space is limited per tablespace or file system, not
   * per role), so {@code quotaMegabytes} is ignored.
   */
  @Override
  public List<String> createUserStatements(DbUser user, int quotaMegabytes) {
    return List.of("CREATE ROLE " + user.name() + " LOGIN PASSWORD '"
        + ScramSha256Verifier.of(user.password(), SALTS) + "'");
  }

  /**
   * Table rights are not enough: the role also needs USAGE on the table's schema. That grant
   * rewrites the schema's catalog row, and two sessions granting on one schema at once fail with
   * "tuple concurrently updated" (XX000), so runs setting up side by side on a shared server would
   * fail each other. The grant is made only when the role lacks USAGE (PUBLIC holds it on {@code
   * public} by default), and retried with a short back-off when a concurrent grant got there first.
   */
  @Override
  public List<String> grantStatements(DbUser user, TableSpec table) {
    List<String> grants = new ArrayList<>();
    if (!table.qualifier().isEmpty()) {
      grants.add(schemaUsageGrant(user.name(), table.qualifier()));
    }
    grants.add("GRANT SELECT, INSERT, UPDATE, DELETE ON " + table.qualifiedName() + " TO " + user.name());
    return grants;
  }

  private static String schemaUsageGrant(String role, String schema) {
    String grant = "GRANT USAGE ON SCHEMA " + schema + " TO " + role + ";";
    return "DO $$\n"
        + "BEGIN\n"
        + "  FOR attempt IN 1..20 LOOP\n"
        + "    BEGIN\n"
        + "      IF NOT has_schema_privilege('" + role + "', '" + schema.replace("'", "''")
        + "'::regnamespace, 'USAGE') THEN\n"
        + "        " + grant + "\n"
        + "      END IF;\n"
        + "      RETURN;\n"
        + "    EXCEPTION WHEN internal_error THEN\n"
        + "      PERFORM pg_sleep(0.01 * attempt);\n"
        + "    END;\n"
        + "  END LOOP;\n"
        + "  " + grant + "\n"
        + "END $$";
  }

  /**
   * One DO block, so that a missing role is no error. {@code DROP ROLE} alone fails while the
   * role still holds privileges; {@code DROP OWNED BY} revokes them (in the current database,
   * the only one the harness granted anything in) and drops whatever the role owns.
   */
  @Override
  public List<String> dropUserStatements(DbUser user) {
    return List.of("DO $$\n"
        + "BEGIN\n"
        + "  IF EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = '" + user.name() + "') THEN\n"
        + "    DROP OWNED BY " + user.name() + ";\n"
        + "    DROP ROLE " + user.name() + ";\n"
        + "  END IF;\n"
        + "END\n"
        + "$$");
  }

  /** NAMEDATALEN - 1: PostgreSQL would cut a longer name short (with a notice only). */
  @Override
  public int maxIdentifierLength() {
    return 63;
  }

  /** CREATE TABLE, CREATE ROLE and COMMENT ON commit with the transaction they are in, or roll back with it. */
  @Override
  public boolean transactionalDdl() {
    return true;
  }

  /** Roles keep comments ({@code COMMENT ON ROLE}, in the cluster-wide pg_shdescription). */
  @Override
  public boolean marksUsers() {
    return true;
  }

  @Override
  public List<String> markUserStatements(DbUser user, String mark) {
    return List.of("COMMENT ON ROLE " + user.name() + " IS '" + mark + "'");
  }

  @Override
  public List<DbObject> usersStartingWith(Connection admin, String prefix)
      throws SQLException {
    return Catalogs.query(admin, "SELECT rolname, shobj_description(oid, 'pg_authid')"
        + " FROM pg_catalog.pg_roles WHERE rolname LIKE ?", prefix, false);
  }

  /** Every other backend with a role: where from, since when and its application name. */
  @Override
  public List<DbSession> sessions(Connection admin) throws SQLException {
    return Catalogs.sessions(admin, "SELECT usename, COALESCE(host(client_addr),"
        + " 'a local socket') || ' since ' || to_char(backend_start, 'YYYY-MM-DD HH24:MI:SS')"
        + " || ' (' || COALESCE(application_name, '') || ')' FROM pg_catalog.pg_stat_activity"
        + " WHERE usename IS NOT NULL AND pid <> pg_backend_pid()");
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

  // The locking probe's answers (commitbench probe locking), together.

  /** {@code lock_timeout}: a wait for a row lock fails with 55P03 after that long. */
  @Override
  public List<String> lockWaitTimeoutStatements(int seconds) {
    return List.of("SET lock_timeout = '" + seconds + "s'");
  }

  /** A backend waits for a lock while its {@code wait_event_type} is {@code Lock}. */
  @Override
  public Optional<io.commitbench.core.dialect.LockWaitView> lockWaitView() {
    return Optional.of(new io.commitbench.core.dialect.LockWaitView("SELECT pg_backend_pid()",
        "SELECT 1 FROM pg_stat_activity WHERE pid = ? AND wait_event_type = 'Lock'"));
  }

  /** A waiter looks for a deadlock only after {@code deadlock_timeout}; the victim is the one that looked. */
  @Override
  public List<String> lockingSettings(Connection admin) throws SQLException {
    return io.commitbench.core.dialect.ServerSettings.read(admin, "SELECT name, setting || COALESCE(unit, '')"
        + " FROM pg_settings WHERE name IN ('deadlock_timeout', 'default_transaction_isolation') ORDER BY name");
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

  /** The server's log-write counters; see {@link PostgresqlLogCounters}. */
  @Override
  public io.commitbench.core.server.LogCounters logCounters() {
    return new PostgresqlLogCounters();
  }

  /** Product, version, the WAL settings and the WAL directory; see {@link PostgresqlServerFacts}. */
  @Override
  public List<io.commitbench.core.server.Fact> serverFacts(Connection admin) throws SQLException {
    return PostgresqlServerFacts.read(admin);
  }

  /** {@code COPY FROM STDIN} through the driver's {@code CopyManager}. */
  @Override
  public BulkLoader bulkLoader() {
    return new CopyLoader();
  }

  /** {@code pg_total_relation_size}: the tables' files with their indexes and TOAST, as they are on disk. */
  @Override
  public java.util.Optional<io.commitbench.core.dialect.DataSize> dataSize(Connection admin,
      List<TableSpec> tables) throws SQLException {
    return PostgresqlDataSize.read(io.commitbench.core.server.RowSource.of(admin), tables);
  }
}
