package io.commitbench.core.dialect;

import io.commitbench.core.load.BatchInsertLoader;
import io.commitbench.core.load.BulkLoader;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * Everything that differs between database products. The dialect itself answers what every
 * caller that connects and issues SQL needs: which JDBC URLs belong to the product and what is
 * wrong with one, how to connect and set up a session, SQL text, DDL and name limits, and which
 * errors mean what. The other concerns are roles, each its own type that a kind implements in its
 * own class beside its dialect, handed out by the dialect:
 *
 * <ul>
 *   <li>{@link #users()}: making, granting to, listing and dropping the actors' login users;
 *   <li>{@link #marks()}: ownership marks on what a run creates, and reading them back;
 *   <li>{@link #server()}: the server's facts, log-write counters and data sizes;
 *   <li>{@link #locking()}: the locking probe's questions;
 *   <li>{@link #bulkLoader()}: taking many rows fast.
 * </ul>
 *
 * Generic code never branches on the kind of database; it asks the dialect, or the role it needs.
 *
 * <p>Implementations are found through {@link java.util.ServiceLoader} (register the class in
 * {@code META-INF/services/io.commitbench.core.dialect.Dialect}), need a public no-argument
 * constructor, and must be stateless and thread-safe: one instance serves every actor, and so do
 * the roles it hands out.
 *
 * <pre>
 * Dialect d = DialectRegistry.load().forUrl("jdbc:postgresql://127.0.0.1/test").orElseThrow();
 * for (String sql : d.createTableStatements(table)) statement.execute(sql);
 * for (String sql : d.users().createUserStatements(user, 50)) statement.execute(sql);
 * </pre>
 */
public interface Dialect {


  /** The value of {@code db.type} that selects this dialect, lower case: {@code postgresql}. */
  String name();

  /** One line for {@code commitbench drivers}: product and JDBC driver. */
  String description();

  /** Whether this dialect handles the JDBC URL (by its prefix, e.g. {@code jdbc:postgresql:}). */
  boolean acceptsUrl(String jdbcUrl);

  /**
   * The hosts of {@code jdbcUrl} where the product's URL syntax writes them the URI way ({@code
   * //[user[:password]@]host[:port],...}), for the two checks below; empty where it has no such
   * part (an embedded URL, a database name alone). The default: none.
   */
  default Optional<UrlAuthority> urlAuthority(String jdbcUrl) {
    return Optional.empty();
  }

  /**
   * Where the database of {@code jdbcUrl} runs, as this product's URL syntax says it (hosts, a
   * unix socket, an alias), for deciding whether its log paths are paths of this host. The
   * default: the hosts of the {@link #urlAuthority}, or none (an embedded database, the
   * driver's local default).
   */
  default UrlHosts hosts(String jdbcUrl) {
    return urlAuthority(jdbcUrl).map(UrlHosts::of).orElse(UrlHosts.of(List.of()));
  }

  /**
   * Where {@code jdbcUrl} carries a password, said so a user finds it ({@code a password=
   * setting}, {@code user:password@ before the host}), or empty when it carries none. The harness
   * refuses such a URL before anything runs: the driver would use that password for every login,
   * each actor's own included, and the URL is shown with errors. The default finds a {@code
   * password=} setting and a password in the {@link #urlAuthority}; a product with other forms
   * adds them.
   */
  default Optional<String> passwordInUrl(String jdbcUrl) {
    return urlAuthority(jdbcUrl).flatMap(UrlAuthority::password).or(() -> UrlParameters.has(jdbcUrl, "password")
        ? Optional.of("a password= setting") : Optional.empty());
  }

  /**
   * What in {@code jdbcUrl} the driver would refuse only when connecting (a port that is not a
   * number), said as "what is wrong; allowed: what is", or empty. Checked before anything runs,
   * so a typo is bad input rather than a failed run. The default checks the ports of the {@link
   * #urlAuthority}.
   */
  default Optional<String> urlProblem(String jdbcUrl) {
    return urlAuthority(jdbcUrl).flatMap(UrlAuthority::portProblem);
  }

  /**
   * The settings of {@code jdbcUrl} that make this product's driver do more than connect, as its
   * documentation describes them: run SQL when it connects, load and construct a class it names,
   * or read further settings or write a file at a path it names. The harness refuses a URL with
   * any of them before anything runs, unless {@code db.url.trusted=true}: a parameter file is
   * data, and must not run code. Files a driver reads as keys or certificates (TLS, wallets) are
   * not among them. The default: none.
   */
  default List<UnsafeUrlSetting> unsafeUrlSettings(String jdbcUrl) {
    return List.of();
  }

  /**
   * Whether the dialect can run here (its JDBC driver class loads), and if not, why.
   */
  Availability availability();

  /**
   * The URL used when {@code db.url} is not given; only an embedded database has one.
   *
   * @param dataDirectory a directory the harness owns where an embedded database may keep files
   */
  default Optional<String> defaultUrl(java.nio.file.Path dataDirectory) {
    return Optional.empty();
  }

  /**
   * Whether this dialect is the run's database when neither {@code db.type} nor {@code db.url}
   * is given: the embedded database of the quick start (H2). It must have a {@link #defaultUrl};
   * when no installed dialect says so, the first embedded one (by name) is used. The default: no.
   */
  default boolean isDefault() {
    return false;
  }

  /** The user used when {@code db.user} is not given (e.g. {@code postgres}, {@code root}). */
  String defaultUser();

  /**
   * How this kind's server runs as a throwaway container ({@code commitbench container start});
   * empty for an embedded database or a server without such an image. The default: empty.
   */
  default Optional<ServerContainer> serverContainer() {
    return Optional.empty();
  }

  /**
   * Driver properties that bound connecting and socket reads, so no run hangs on a dead server.
   * The harness adds {@code user} and {@code password} itself.
   */
  Properties connectionProperties(ConnectionTimeouts timeouts);

  /**
   * Driver properties, added to the actors' connections of a workload that asks for them ({@code
   * BoundWorkload#serverPreparedStatements}), under which a prepared statement is prepared once on
   * the server and then executed there by handle, as sysbench's drivers do ({@code
   * --db-ps-mode=auto}); a driver that prepares on the client by default sends each execution as
   * SQL text the server parses again. The default: none (the driver prepares on the server
   * already, or has no such choice).
   */
  default Properties serverPreparedStatements() {
    return new Properties();
  }

  /**
   * Statements run once on every actor connection so that no statement of the workload waits
   * longer than {@code statement.timeout}, enforced by the server for the whole session. That
   * keeps the measured statements exactly as written: a per-statement JDBC query timeout makes
   * some drivers schedule a timer per execution or rewrite each statement's text. The default,
   * an empty list, means the product has no such setting and the harness sets the JDBC query
   * timeout on every statement instead.
   */
  default List<String> sessionTimeoutStatements(int statementTimeoutSeconds) {
    return List.of();
  }

  /** How a table is named in SQL issued by any user: {@code qualifier.table} or just the table. */
  default String qualifiedName(String qualifier, String table) {
    return qualifier == null || qualifier.isEmpty() ? table : qualifier + "." + table;
  }

  /**
   * The schema (or database, for products without schemas) in which the configured user
   * creates the central tables; other users reach them as {@code qualifier.table}.
   */
  default String centralQualifier(Connection admin) throws SQLException {
    String schema = admin.getSchema();
    return schema != null ? schema : admin.getCatalog();
  }

  /** The column type of a 64-bit whole number ({@code BIGINT}; {@code NUMBER(19)} on Oracle). */
  default String bigintType() {
    return "BIGINT";
  }

  /** The name of the variable-length text type, to be followed by {@code (length)}. */
  default String varcharType() {
    return "VARCHAR";
  }

  /** Text after a CREATE TABLE's column list ({@code ENGINE=InnoDB}), or empty. */
  default String tableOptions() {
    return "";
  }

  /**
   * DDL that creates one table of the paper's testframe with its three indexes, in order.
   * Columns: {@link TableSpec#NUMBER_COLUMN} (the row key, a number), {@link
   * TableSpec#TEXT_COLUMN} and {@link TableSpec#TEXT2_COLUMN} (varchars; varchar2 on Oracle).
   * The default builds it from this dialect's column types, table options and index names.
   */
  default List<String> createTableStatements(TableSpec table) {
    return new TableDdl(bigintType(), varcharType(), tableOptions(), index -> indexName(table, index)).create(table);
  }

  /**
   * A statement that reads nothing and costs the server next to nothing, whose round trip is the
   * floor under every statement's latency. The default: {@code SELECT 1}.
   */
  default String trivialQuery() {
    return "SELECT 1";
  }

  /**
   * The type of a date-and-time column that holds what is written to it and nothing else. The
   * default: the standard's TIMESTAMP.
   */
  default String timestampType() {
    return "TIMESTAMP";
  }

  /**
   * Whether a loader adds a table's primary key after its rows rather than with the table: faster
   * where the key is a separate index built once over sorted rows (PostgreSQL, H2, Oracle); not
   * where the table is stored in its key's order, so that adding the key afterwards rewrites it
   * (InnoDB). The default: after the rows.
   */
  default boolean primaryKeyAfterLoad() {
    return true;
  }

  /**
   * Whether statements that change the schema, such as a CREATE INDEX or a primary key added
   * after a load, run side by side on several connections. Not where each one locks the catalog
   * while it runs, so that a second waits for the first and fails once it has waited longer than
   * the lock timeout, as an index over a large table makes it (H2 locks its SYS table so); a
   * loader then runs them one after the other. The default: side by side.
   */
  default boolean schemaChangesInParallel() {
    return true;
  }

  /**
   * How CREATE INDEX names an index of {@code table}: as given (the default: the index lives with
   * its table), or qualified by the table's schema where the product wants that.
   */
  default String indexName(TableSpec table, String index) {
    return index;
  }

  /**
   * The definition of an INTEGER column whose values the database generates when an INSERT leaves
   * it out (sysbench's {@code auto_inc} id). The default is the standard's identity column, which
   * H2 and PostgreSQL take.
   */
  default String generatedIntegerColumn() {
    return "INTEGER GENERATED BY DEFAULT AS IDENTITY";
  }

  /**
   * Statements that make the generated values of {@code column} continue at {@code next}, after
   * rows were loaded with explicit values (which identity sequences do not see). The default: the
   * standard's {@code ALTER COLUMN ... RESTART WITH}.
   */
  default List<String> restartGeneratedStatements(TableSpec table, String column, long next) {
    return List.of("ALTER TABLE " + table.qualifiedName() + " ALTER COLUMN " + column + " RESTART WITH " + next);
  }

  /**
   * Statements that refresh the planner's statistics of a freshly loaded table (pgbench's "v"
   * step: {@code VACUUM ANALYZE} on PostgreSQL), run one by one in autocommit, as some (such as
   * PostgreSQL's VACUUM) cannot run inside a transaction. The default, for a product the
   * standard gives no such statement: none.
   */
  default List<String> analyzeStatements(TableSpec table) {
    return List.of();
  }

  /** DDL that drops the table if it exists; must not fail when it is absent. */
  default List<String> dropTableStatements(TableSpec table) {
    return List.of("DROP TABLE IF EXISTS " + table.qualifiedName());
  }

  /** The four DML statements of the workload, with JDBC parameters; see {@link WorkloadSql}. */
  default WorkloadSql workloadSql(TableSpec table) {
    return WorkloadSql.ansi(table.qualifiedName());
  }

  /**
   * The longest name of a table or index the product accepts, in characters (the harness's names
   * are ASCII). Every name a run would create is checked against it before anything is created,
   * and a run's default names are made to fit it. The default, 30, is Oracle's limit up to 12.1
   * (and under {@code COMPATIBLE} below 12.2), the smallest of the products.
   */
  default int maxIdentifierLength() {
    return 30;
  }

  /** The longest user name the product accepts; the default: {@link #maxIdentifierLength}. */
  default int maxUserNameLength() {
    return maxIdentifierLength();
  }

  /** What kind of failure an exception from this product means. */
  ErrorClass classify(SQLException error);

  /**
   * Whether sysbench's driver for this product ignores the error: it rolls the transaction back,
   * restarts the event and counts an "ignored error", where any other error ends sysbench. The
   * OLTP workloads, which reproduce sysbench's scripts, do the same. The default, for a product
   * sysbench has no driver for: the conflicts the server resolves by failing a transaction that
   * may succeed when tried again ({@link ErrorClass#CONFLICTS}: deadlocks, serialization
   * failures), which every sysbench driver ignores.
   */
  default boolean sysbenchIgnores(SQLException error) {
    return ErrorClass.CONFLICTS.contains(classify(error));
  }

  /**
   * Whether a failed connect means the server refused the login (wrong password, a user that may
   * not log in): trying again cannot help, so the actor fails at once instead of reconnecting
   * until {@code reconnect.timeout}. "Too many connections" is not a refusal: it passes. The
   * default reads the standard's SQLState class 28 (invalid authorization specification).
   */
  default boolean loginRefused(SQLException error) {
    return StandardErrors.loginRefused(error);
  }

  /**
   * Whether a failed connect means the server has no connection left (too many connections, for
   * the server or for the user): while the actors connect, the run then cannot have all the
   * actors it was asked for, and fails before the measurement with this answer instead of trying
   * until {@code reconnect.timeout}. Once the run measures, such a failure is retried as any
   * other. The default: none known.
   */
  default boolean connectionsExhausted(SQLException error) {
    return false;
  }

  /**
   * One INSERT of {@code rows} rows into {@code columns}, each value a JDBC parameter, row after
   * row. The default: the standard's {@code VALUES (?, ?), (?, ?)}, which H2, PostgreSQL and
   * MariaDB take.
   */
  default String multiRowInsert(String qualifiedTable, List<String> columns, int rows) {
    String row = "(" + String.join(", ", java.util.Collections.nCopies(columns.size(), "?")) + ")";
    return "INSERT INTO " + qualifiedTable + " (" + String.join(", ", columns) + ") VALUES "
        + String.join(", ", java.util.Collections.nCopies(rows, row));
  }

  // --- The roles: each a type of its own, implemented by a kind in its own class ---

  /** How this product makes, grants to, lists and drops the actors' login users. */
  Users users();

  /**
   * How this product marks the tables and users a run creates and reads the marks back. The
   * default: table comments through {@code COMMENT ON TABLE}, no marks on users, the tables from
   * the JDBC metadata, no sessions known.
   */
  default OwnershipMarks marks() {
    return OwnershipMarks.TABLE_COMMENTS;
  }

  /**
   * What this product's server says about itself: facts, log-write counters, data sizes. The
   * default: product and version from the JDBC metadata, no counters, no data size.
   */
  default ServerReadings server() {
    return ServerReadings.metadataOnly(name());
  }

  /** The locking probe's answers for this product; the default: {@link LockingSupport#DEFAULTS}. */
  default LockingSupport locking() {
    return LockingSupport.DEFAULTS;
  }

  /**
   * How this product takes many rows fastest (a load before a run, {@code commitbench prepare}).
   * {@link BulkLoader} is the bulk-load role: a kind that loads faster implements it in its own
   * class. A loader may keep state for one load, so each call gives a new one. The default: JDBC
   * batches of a prepared INSERT, which every product takes.
   */
  default BulkLoader bulkLoader() {
    return new BatchInsertLoader();
  }
}
