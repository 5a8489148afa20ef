package io.commitbench.driver.oracle;

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
import io.commitbench.core.dialect.Users;
import io.commitbench.core.server.ContainerFacts;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * Oracle Database through ojdbc11, the paper's original target: columns of type number,
 * varchar and varchar2, and one database user per actor with a tablespace quota.
 *
 * <p>Oracle has no {@code IF EXISTS}, so the drops are PL/SQL blocks that ignore only "does not
 * exist" (ORA-00942 for a table, ORA-01918 for a user) and raise anything else. Users are created
 * with unquoted (upper-cased) names, so connect as a local user of a pluggable database (e.g.
 * {@code FREEPDB1}); in a container root Oracle would demand a {@code C##} prefix. Errors are told
 * apart by ORA number, the vendor code. Stateless and thread-safe.
 *
 * <pre>
 * jdbc:oracle:thin:@//127.0.0.1:1521/FREEPDB1
 * </pre>
 */
public final class OracleDialect implements Dialect {

  private static final Users USERS = new OracleUsers();
  private static final OwnershipMarks MARKS = new OracleMarks();
  private static final LockingSupport LOCKING = new OracleLocking();
  private static final ServerReadings SERVER = new OracleReadings();

  private static final String DRIVER_CLASS = "oracle.jdbc.OracleDriver";

  /** The dialect's name, {@code db.type}; the storage module finds its own code by it. */
  public static final String NAME = "oracle";
  /** What the JDBC URL of an Oracle server starts with (thin and OCI drivers alike). */
  public static final String URL_PREFIX = "jdbc:oracle:";

  @Override
  public String name() {
    return NAME;
  }

  /**
   * The hosts of a connect descriptor's {@code (HOST=…)} entries; else of {@code @//host:port/service}
   * (EZConnect) or {@code @host:port:sid}; an {@code @name} alone is a TNS alias, no host.
   */
  @Override
  public UrlHosts hosts(String jdbcUrl) {
    List<String> described = UrlHosts.hostParameters(jdbcUrl);
    if (!described.isEmpty()) {
      return UrlHosts.of(described);
    }
    String body = jdbcUrl.replaceFirst("[?;].*$", "");
    int at = body.indexOf('@');
    if (at < 0) {
      return UrlHosts.of(List.of());
    }
    String rest = body.substring(at + 1);
    Optional<UrlAuthority> ezConnect = UrlAuthority.parse(rest);
    if (ezConnect.isPresent()) {
      return UrlHosts.of(ezConnect.get());
    }
    if (!rest.contains(":") && !rest.contains("/")) {
      return UrlHosts.alias(rest);
    }
    return UrlHosts.of(List.of(rest.replaceFirst("[:/].*$", "")));
  }

  @Override
  public String description() {
    return "Oracle Database (ojdbc " + Availability.driverVersion(DRIVER_CLASS, getClass().getClassLoader()) + ")";
  }

  @Override
  public boolean acceptsUrl(String jdbcUrl) {
    return jdbcUrl != null && jdbcUrl.startsWith(URL_PREFIX);
  }

  /** ojdbc takes {@code user/password@} before the address, besides a {@code password=} setting. */
  @Override
  public Optional<String> passwordInUrl(String jdbcUrl) {
    return OracleUrl.password(jdbcUrl).or(() -> Dialect.super.passwordInUrl(jdbcUrl));
  }

  /** ojdbc refuses a port that is not a number only when connecting. */
  @Override
  public Optional<String> urlProblem(String jdbcUrl) {
    return OracleUrl.portProblem(jdbcUrl);
  }

  @Override
  public List<UnsafeUrlSetting> unsafeUrlSettings(String jdbcUrl) {
    return OracleUrlSettings.unsafe(jdbcUrl);
  }

  @Override
  public Availability availability() {
    return Availability.ofDriverClass(DRIVER_CLASS, getClass().getClassLoader());
  }

  /** drivers/oracle/image/container.properties: gvenzl/oracle-free, which gives SYSTEM the password and serves the FREEPDB1 pluggable database. */
  @Override
  public Optional<ServerContainer> serverContainer() {
    return ContainerFacts.of(NAME, getClass().getClassLoader()).map(facts -> new ServerContainer(facts.defaultImage(),
        facts.port(), defaultUser(), facts.passwordVariable(), facts.environment(), facts.urlFormat()));
  }

  @Override
  public String defaultUser() {
    return "system";
  }

  /** The thin driver takes both timeouts in milliseconds. */
  @Override
  public Properties connectionProperties(ConnectionTimeouts timeouts) {
    Properties props = new Properties();
    props.setProperty("oracle.net.CONNECT_TIMEOUT", String.valueOf(timeouts.connectSeconds() * 1000L));
    if (timeouts.boundsReads()) {
      props.setProperty("oracle.jdbc.ReadTimeout", String.valueOf(timeouts.socketReadSeconds() * 1000L));
    }
    return props;
  }

  /** Oracle before 23c has no SELECT without FROM. */
  @Override
  public String trivialQuery() {
    return "SELECT 1 FROM dual";
  }

  @Override
  public String bigintType() {
    return "NUMBER(19)";
  }

  @Override
  public String varcharType() {
    return "VARCHAR2";
  }

  /** PURGE skips the recycle bin, so repeated runs do not fill the tablespace with dropped tables. */
  /** Oracle names indexes in the schema of their table, which may not be the connected user's. */
  @Override
  public String indexName(TableSpec table, String index) {
    return qualifiedName(table.qualifier(), index);
  }

  /**
   * {@code DBMS_STATS.GATHER_TABLE_STATS} in a PL/SQL block, for the table's schema ({@code USER}
   * where the table is unqualified); unquoted names are stored upper case.
   */
  @Override
  public List<String> analyzeStatements(TableSpec table) {
    String owner = table.qualifier() == null || table.qualifier().isEmpty() ? "USER"
        : "'" + table.qualifier().toUpperCase(java.util.Locale.ROOT) + "'";
    return List.of("BEGIN DBMS_STATS.GATHER_TABLE_STATS(ownname => " + owner + ", tabname => '"
        + table.name().toUpperCase(java.util.Locale.ROOT) + "'); END;");
  }

  @Override
  public List<String> dropTableStatements(TableSpec table) {
    return List.of(ignoring(-942, "DROP TABLE " + table.qualifiedName() + " PURGE"));
  }

  /**
   * ORA numbers first. ORA-00054 (NOWAIT) and ORA-30006 (WAIT n) are both a lock not granted in
   * time; 17002, 17008 and 17410 are the thin driver's own codes for a broken socket.
   */
  @Override
  public ErrorClass classify(SQLException error) {
    return switch (error.getErrorCode()) {
      case 60 -> ErrorClass.DEADLOCK;
      case 8177 -> ErrorClass.SERIALIZATION_FAILURE;
      case 54, 30006 -> ErrorClass.LOCK_TIMEOUT;
      case 1013 -> ErrorClass.STATEMENT_TIMEOUT;
      case 28, 1012, 1089, 3113, 3114, 3135, 17002, 17008, 17410 -> ErrorClass.CONNECTION_LOST;
      case 1 -> ErrorClass.CONSTRAINT_VIOLATION;
      default -> StandardErrors.classify(error).orElse(ErrorClass.OTHER);
    };
  }

  /** ORA-01017 invalid username/password, ORA-28000 a locked account, ORA-01045 no CREATE SESSION. */
  @Override
  public boolean loginRefused(SQLException error) {
    return switch (error.getErrorCode()) {
      case 1017, 28000, 1045 -> true;
      default -> false;
    };
  }

  /**
   * ORA-00018 maximum number of sessions, ORA-00020 maximum number of processes, ORA-02391 a
   * profile's SESSIONS_PER_USER; ORA-12516, 12519 and 12520: the listener found no handler free.
   */
  @Override
  public boolean connectionsExhausted(SQLException error) {
    return switch (error.getErrorCode()) {
      case 18, 20, 2391, 12516, 12519, 12520 -> true;
      default -> false;
    };
  }

  /** A PL/SQL block that runs one DDL statement and swallows exactly one (negative) SQLCODE. */
  static String ignoring(int sqlCode, String ddl) {
    return "BEGIN\n"
        + "  EXECUTE IMMEDIATE '" + ddl + "';\n"
        + "EXCEPTION\n"
        + "  WHEN OTHERS THEN\n"
        + "    IF SQLCODE != " + sqlCode + " THEN\n"
        + "      RAISE;\n"
        + "    END IF;\n"
        + "END;";
  }

  @Override
  public String generatedIntegerColumn() {
    return "NUMBER(10) GENERATED BY DEFAULT AS IDENTITY";
  }

  @Override
  public List<String> restartGeneratedStatements(TableSpec table, String column, long next) {
    return List.of("ALTER TABLE " + table.qualifiedName() + " MODIFY (" + column
        + " GENERATED BY DEFAULT AS IDENTITY (START WITH " + next + "))");
  }

  /** Oracle before 23c has no multi-row VALUES: {@code INSERT ALL INTO t (..) VALUES (..) ... SELECT 1 FROM dual}. */
  @Override
  public String multiRowInsert(String qualifiedTable, List<String> columns, int rows) {
    String row = " INTO " + qualifiedTable + " (" + String.join(", ", columns) + ") VALUES ("
        + String.join(", ", java.util.Collections.nCopies(columns.size(), "?")) + ")";
    return "INSERT ALL" + row.repeat(rows) + " SELECT 1 FROM dual";
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
