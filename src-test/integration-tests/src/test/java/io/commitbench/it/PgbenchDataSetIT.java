package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.workload.LoadContext;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.script.dataset.PgbenchDataSet;
import io.commitbench.core.workload.script.dataset.PgbenchTables;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.TestNames;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * pgbench's data set as {@link PgbenchDataSet} makes it on real servers: at scale 1 the row counts,
 * the column types as information_schema reports them, the primary keys, the balances, the branch
 * of every teller and account, and the check of a reused data set. On PostgreSQL also beside the
 * data set {@code pgbench -i -s 1} itself makes (the {@code pgbench} of Debian's postgresql-client,
 * which scripts/test-host-setup.sh installs): pgbench's tables pass the reuse check, and ours match
 * them column for column and row for row. Each test's tables have names (or a schema) of its own.
 */
class PgbenchDataSetIT {

  /** The column types information_schema reports for pgbench's int, char(n) and timestamp, per kind. */
  private static final Map<DatabaseKind, List<String>> TYPES = Map.of(
      DatabaseKind.POSTGRESQL, List.of("integer", "character", "timestamp without time zone"),
      DatabaseKind.MARIADB, List.of("int", "char", "timestamp"),
      DatabaseKind.H2, List.of("INTEGER", "CHARACTER", "TIMESTAMP"));

  @ParameterizedTest(name = "{0}")
  @EnumSource(value = DatabaseKind.class, names = {"H2", "POSTGRESQL", "MARIADB"})
  void aLoadAtScaleOneIsPgbenchsDataSet(DatabaseKind kind, @TempDir Path tmp) throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    String prefix = "cbit_pgb_" + TestNames.unique().token() + "_";
    PgbenchTables names = new PgbenchTables(prefix + "branches", prefix + "tellers", prefix + "accounts",
        prefix + "history");
    Dialect dialect = kind.dialect();
    try (Connection admin = target.connect()) {
      String schema = dialect.centralQualifier(admin);
      PgbenchDataSet dataSet = new PgbenchDataSet(names, 1, 2);
      List<SchemaTable> tables = dataSet.tables(new SchemaNaming(dialect, schema, "unused_"));
      try {
        createAndLoad(admin, dialect, dataSet, tables, target);

        assertThat(counts(admin, tables)).containsExactly(1L, 10L, 100_000L, 0L);
        assertThat(single(admin, "SELECT SUM(bbalance) + 0 FROM " + tables.get(0).spec().qualifiedName())).isEqualTo("0");
        assertThat(single(admin, "SELECT SUM(tbalance) + SUM(CASE WHEN bid = FLOOR((tid - 1) / 10) + 1 THEN 0"
            + " ELSE 1 END)"
            + " FROM " + tables.get(1).spec().qualifiedName())).as("balances 0, each teller in its branch").isEqualTo("0");
        assertThat(single(admin, "SELECT SUM(abalance) + SUM(CASE WHEN bid = 1 THEN 0 ELSE 1 END) FROM "
            + tables.get(2).spec().qualifiedName())).as("balances 0, every account in branch 1").isEqualTo("0");
        assertThat(nullFillers(admin, tables)).containsExactly(1L, 10L, 0L);
        List<String> t = TYPES.get(kind);
        String integer = t.get(0);
        String character = t.get(1);
        assertThat(columns(admin, schema, tables.get(0).spec().name())).containsExactly(
            "bid " + integer + " NO", "bbalance " + integer + " YES", "filler " + character + "(88) YES");
        assertThat(columns(admin, schema, tables.get(1).spec().name())).containsExactly(
            "tid " + integer + " NO", "bid " + integer + " YES", "tbalance " + integer + " YES",
            "filler " + character + "(84) YES");
        assertThat(columns(admin, schema, tables.get(2).spec().name())).containsExactly(
            "aid " + integer + " NO", "bid " + integer + " YES", "abalance " + integer + " YES",
            "filler " + character + "(84) YES");
        assertThat(columns(admin, schema, tables.get(3).spec().name())).containsExactly(
            "tid " + integer + " YES", "bid " + integer + " YES", "aid " + integer + " YES",
            "delta " + integer + " YES", "mtime " + t.get(2) + " YES", "filler " + character + "(22) YES");
        String pkey = kind == DatabaseKind.MARIADB ? "PRIMARY" : null;
        assertThat(primaryKeys(admin, schema, tables)).containsExactly(
            key(tables.get(0), pkey, "bid"), key(tables.get(1), pkey, "tid"), key(tables.get(2), pkey, "aid"), "none");

        assertThat(dataSet.checkReused(admin, tables)).isEmpty();
        assertThat(new PgbenchDataSet(names, 2, 1).checkReused(admin, tables)).hasValueSatisfying(problem ->
            assertThat(problem).contains("has 1 rows, but script.scale=2 needs 2", "allowed: script.scale=1"));
      } finally {
        drop(admin, tables);
      }
    }
  }

  /**
   * {@code pgbench -i -s 1} makes its tables in a schema of the test's own (its first schema on the
   * search_path, set through PGOPTIONS), ours go into another under pgbench's names.
   */
  @Test
  void onPostgresqlPgbenchsOwnDataSetPassesTheCheckAndOursMatchesIt(@TempDir Path tmp) throws Exception {
    DatabaseTarget target = DatabaseTargets.require(DatabaseKind.POSTGRESQL, tmp.resolve("h2"));
    Path pgbench = Path.of("/usr/bin/pgbench");
    if (!Files.isExecutable(pgbench)) {
      String reason = "pgbench is not installed (Debian's postgresql-client; scripts/test-host-setup.sh installs it)";
      System.out.println(DatabaseTargets.LOG_PREFIX + "skipped PgbenchDataSetIT's comparison with pgbench: " + reason);
      Assumptions.abort(reason);
    }
    String token = TestNames.unique().token();
    String theirs = "cbit_pgb_" + token + "_pgbench";
    String ours = "cbit_pgb_" + token + "_ours";
    Dialect dialect = DatabaseKind.POSTGRESQL.dialect();
    try (Connection admin = target.connect()) {
      execute(admin, "CREATE SCHEMA " + theirs);
      execute(admin, "CREATE SCHEMA " + ours);
      try {
        runPgbench(pgbench, target, theirs, tmp);
        List<SchemaTable> pgbenchTables = dataSet(1).tables(new SchemaNaming(dialect, theirs, "unused_"));
        assertThat(dataSet(1).checkReused(admin, pgbenchTables)).as("pgbench's own tables at their scale").isEmpty();
        assertThat(dataSet(3).checkReused(admin, pgbenchTables)).hasValueSatisfying(problem ->
            assertThat(problem).startsWith("table " + theirs + ".pgbench_branches has 1 rows, but script.scale=3"));

        PgbenchDataSet dataSet = dataSet(1);
        List<SchemaTable> ourTables = dataSet.tables(new SchemaNaming(dialect, ours, "unused_"));
        createAndLoad(admin, dialect, dataSet, ourTables, target);

        for (String table : List.of("pgbench_branches", "pgbench_tellers", "pgbench_accounts", "pgbench_history")) {
          assertThat(columns(admin, ours, table)).as(table).isNotEmpty().isEqualTo(columns(admin, theirs, table));
        }
        assertThat(primaryKeys(admin, ours, ourTables)).containsExactly("pgbench_branches.pgbench_branches_pkey(bid)",
            "pgbench_tellers.pgbench_tellers_pkey(tid)", "pgbench_accounts.pgbench_accounts_pkey(aid)", "none")
            .isEqualTo(primaryKeys(admin, theirs, pgbenchTables));
        assertThat(counts(admin, ourTables)).containsExactly(1L, 10L, 100_000L, 0L)
            .isEqualTo(counts(admin, pgbenchTables));
        assertThat(nullFillers(admin, ourTables)).isEqualTo(nullFillers(admin, pgbenchTables));
        for (String sum : List.of("SELECT SUM(bbalance) FROM %s.pgbench_branches",
            "SELECT SUM(tbalance) FROM %s.pgbench_tellers", "SELECT SUM(abalance) FROM %s.pgbench_accounts")) {
          assertThat(single(admin, String.format(Locale.ROOT, sum, ours)))
              .isEqualTo(single(admin, String.format(Locale.ROOT, sum, theirs))).isEqualTo("0");
        }
        assertThat(single(admin, "SELECT COUNT(*) FROM " + ours + ".pgbench_accounts o JOIN " + theirs
            + ".pgbench_accounts p ON o.aid = p.aid AND o.bid = p.bid AND o.abalance = p.abalance"
            + " AND o.filler = p.filler")).as("every account row equal to pgbench's").isEqualTo("100000");
        assertThat(single(admin, "SELECT COUNT(*) FROM " + ours + ".pgbench_tellers o JOIN " + theirs
            + ".pgbench_tellers p ON o.tid = p.tid AND o.bid = p.bid AND o.tbalance = p.tbalance"
            + " AND o.filler IS NULL AND p.filler IS NULL")).as("every teller row equal to pgbench's").isEqualTo("10");
        assertThat(single(admin, "SELECT COUNT(*) FROM pg_stat_user_tables WHERE schemaname = '" + ours
            + "' AND last_vacuum IS NOT NULL AND last_analyze IS NOT NULL")).as("VACUUM ANALYZE of each table")
            .isEqualTo("4");
      } finally {
        execute(admin, "DROP SCHEMA IF EXISTS " + theirs + " CASCADE");
        execute(admin, "DROP SCHEMA IF EXISTS " + ours + " CASCADE");
      }
    }
  }

  private static PgbenchDataSet dataSet(int scale) {
    return new PgbenchDataSet(PgbenchTables.PGBENCH, scale, 2);
  }

  private static void createAndLoad(Connection admin, Dialect dialect, PgbenchDataSet dataSet, List<SchemaTable> tables,
      DatabaseTarget target) throws Exception {
    drop(admin, tables);
    for (SchemaTable table : tables) {
      for (String sql : table.create()) {
        execute(admin, sql);
      }
    }
    dataSet.load(new LoadContext(admin, dialect, tables, target::connect, System.out::println));
    dataSet.loadLines().forEach(System.out::println);
  }

  private static void runPgbench(Path pgbench, DatabaseTarget target, String schema, Path tmp)
      throws IOException, InterruptedException {
    Matcher url = Pattern.compile("jdbc:postgresql://([^:/]+):(\\d+)/([^?]+).*").matcher(target.url());
    assertThat(url.matches()).as("a PostgreSQL URL with host, port and database: " + target.url()).isTrue();
    Path log = tmp.resolve("pgbench.log");
    ProcessBuilder builder = new ProcessBuilder(pgbench.toString(), "-i", "-s", "1", "-h", url.group(1), "-p",
        url.group(2), "-U", target.user(), url.group(3)).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().put("PGOPTIONS", "-c search_path=" + schema);
    builder.environment().put("PGPASSWORD", target.password());
    Process process = builder.start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("pgbench -i ended in time").isTrue();
    String output = Files.readString(log, StandardCharsets.UTF_8);
    System.out.print(output);
    assertThat(process.exitValue()).as("pgbench -i -s 1: " + output).isZero();
  }

  /** Each table's rows, in the order of the tables. */
  private static List<Long> counts(Connection admin, List<SchemaTable> tables) throws SQLException {
    List<Long> counts = new ArrayList<>();
    for (SchemaTable table : tables) {
      counts.add(Long.parseLong(single(admin, "SELECT COUNT(*) FROM " + table.spec().qualifiedName())));
    }
    return counts;
  }

  /** The NULL fillers of branches, tellers and accounts. */
  private static List<Long> nullFillers(Connection admin, List<SchemaTable> tables) throws SQLException {
    List<Long> counts = new ArrayList<>();
    for (SchemaTable table : tables.subList(0, 3)) {
      counts.add(Long.parseLong(single(admin, "SELECT COUNT(*) FROM " + table.spec().qualifiedName()
          + " WHERE filler IS NULL")));
    }
    return counts;
  }

  /** {@code name type[(length)] nullable} per column in order, as information_schema reports it. */
  private static List<String> columns(Connection admin, String schema, String table) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (var statement = admin.prepareStatement("SELECT column_name, data_type, character_maximum_length, is_nullable"
        + " FROM information_schema.columns WHERE LOWER(table_schema) = LOWER(?) AND LOWER(table_name) = LOWER(?)"
        + " ORDER BY ordinal_position")) {
      statement.setString(1, schema);
      statement.setString(2, table);
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          String length = rs.getString(3);
          columns.add(rs.getString(1).toLowerCase(Locale.ROOT) + " " + rs.getString(2)
              + (length == null ? "" : "(" + length + ")") + " " + rs.getString(4));
        }
      }
    }
    return columns;
  }

  /** {@code table.constraint(column)} of each table's primary key (lower case), or {@code none}. */
  private static List<String> primaryKeys(Connection admin, String schema, List<SchemaTable> tables)
      throws SQLException {
    List<String> keys = new ArrayList<>();
    for (SchemaTable table : tables) {
      try (var statement = admin.prepareStatement("SELECT c.constraint_name, k.column_name"
          + " FROM information_schema.table_constraints c JOIN information_schema.key_column_usage k"
          + " ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema"
          + " AND k.table_name = c.table_name"
          + " WHERE c.constraint_type = 'PRIMARY KEY' AND LOWER(c.table_schema) = LOWER(?)"
          + " AND LOWER(c.table_name) = LOWER(?)")) {
        statement.setString(1, schema);
        statement.setString(2, table.spec().name());
        try (ResultSet rs = statement.executeQuery()) {
          keys.add(rs.next() ? table.spec().name() + "." + rs.getString(1).toLowerCase(Locale.ROOT).replace(
              "primary", "PRIMARY") + "(" + rs.getString(2).toLowerCase(Locale.ROOT) + ")" : "none");
        }
      }
    }
    return keys;
  }

  /** What {@link #primaryKeys} says of a key: named {@code <table>_pkey} unless the product names it. */
  private static String key(SchemaTable table, String productsName, String column) {
    return table.spec().name() + "." + (productsName != null ? productsName : table.spec().name() + "_pkey") + "("
        + column + ")";
  }

  private static String single(Connection admin, String sql) throws SQLException {
    try (Statement statement = admin.createStatement(); ResultSet rs = statement.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static void execute(Connection admin, String sql) throws SQLException {
    try (Statement statement = admin.createStatement()) {
      statement.execute(sql);
    }
  }

  private static void drop(Connection admin, List<SchemaTable> tables) throws SQLException {
    for (SchemaTable table : tables) {
      for (String sql : table.drop()) {
        execute(admin, sql);
      }
    }
  }
}
