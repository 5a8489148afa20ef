package io.commitbench.core.workload.script.dataset;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.load.LoadFigures;
import io.commitbench.core.load.LoadStoppedException;
import io.commitbench.core.load.ParallelLoad;
import io.commitbench.core.workload.LoadContext;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.TableStatistics;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * pgbench's data set as {@code pgbench -i -s N} makes it, on any dialect: the four tables with
 * pgbench's columns, rows, balances, fillers and keys (see {@link PgbenchTable} and {@link
 * PgbenchLoadPlan}; pgbench 15's {@code pgbench.c}, steps "dtgvp" of its documentation).
 *
 * <p>The rows go through the dialect's bulk loader ({@code COPY} on PostgreSQL, as pgbench's
 * client-side generation sends them) on {@code loadThreads} connections, the accounts cut into
 * chunks; then the primary keys, built over the loaded rows as pgbench's "p" step does; then each
 * table's statistics ({@link Dialect#analyzeStatements}: pgbench's "v" step, {@code VACUUM ANALYZE}
 * on PostgreSQL) in autocommit on the admin connection. pgbench runs "v" before "p"; here the
 * statistics come last so that they cover the keys' indexes where a product gathers those with
 * the table (MariaDB, Oracle). On Oracle the accounts' empty filler is stored as NULL, as Oracle
 * stores every empty string.
 */
public final class PgbenchDataSet {

  /** The run's key that gives the scale, as messages about a reused data set name it. */
  public static final String SCALE_KEY = "script.scale";

  /** Seconds between two progress lines of a load. */
  private static final long LOAD_PROGRESS_SECONDS = 5;

  private final PgbenchTables names;
  private final int scale;
  private final int loadThreads;
  private final PgbenchLoadPlan plan;
  /** Set by a load; null before one, or when the run reused a data set. */
  private volatile Loaded loaded;

  /** What a load did: the rows, the keys, and the statistics after them. */
  private record Loaded(LoadFigures figures, long statisticsNanos) {}

  /**
   * @param names the four tables' names
   * @param scale pgbench's scale factor ({@code -s}): branches, 10 tellers and 100,000 accounts each
   * @param loadThreads connections that load at once
   */
  public PgbenchDataSet(PgbenchTables names, int scale, int loadThreads) {
    this.names = Objects.requireNonNull(names, "names");
    if (scale < 1) {
      throw new IllegalArgumentException("scale must be at least 1, not " + scale);
    }
    if (loadThreads < 1) {
      throw new IllegalArgumentException("loadThreads must be at least 1, not " + loadThreads);
    }
    this.scale = scale;
    this.loadThreads = loadThreads;
    this.plan = new PgbenchLoadPlan(scale, loadThreads);
  }

  /**
   * The four tables, named in the admin's schema, each with its CREATE and DROP statements, in the
   * order branches, tellers, accounts, history. Their names are {@link PgbenchTables}', not the
   * run's {@code table.prefix}: pgbench's scripts name the tables themselves.
   */
  public List<SchemaTable> tables(SchemaNaming naming) {
    Dialect dialect = naming.dialect();
    List<SchemaTable> tables = new ArrayList<>();
    for (PgbenchTable table : PgbenchTable.values()) {
      String name = table.name(names);
      TableSpec spec = new TableSpec(name, naming.qualifier(), dialect.qualifiedName(naming.qualifier(), name),
          table.fillerWidth);
      tables.add(new SchemaTable(spec, List.of(table.createTable(dialect, spec, scale)),
          dialect.dropTableStatements(spec)));
    }
    return tables;
  }

  /**
   * Fills the created, empty tables (given in the order of {@link #tables}), then adds the keys and
   * refreshes the statistics. A stop asked for ends it within seconds with {@link
   * LoadStoppedException}, saying how far it got.
   */
  public void load(LoadContext context) throws SQLException, InterruptedException {
    List<SchemaTable> tables = context.tables();
    if (tables.size() != PgbenchTable.values().length) {
      throw new IllegalArgumentException("the pgbench data set has 4 tables, not " + tables.size());
    }
    LoadFigures figures = new ParallelLoad(context.dialect().bulkLoader(), context.connections(), loadThreads,
        context.progress(), LOAD_PROGRESS_SECONDS, context.stopRequested())
        .load(plan.chunks(tables), plan.primaryKeys(context.dialect(), tables));
    long statisticsNanos = TableStatistics.refresh(context);
    loaded = new Loaded(figures, statisticsNanos);
  }

  /** What is wrong with existing tables (pgbench's or commitbench's) for a run at this scale, or empty. */
  public Optional<String> checkReused(Connection admin, List<SchemaTable> tables) throws SQLException {
    return new PgbenchReuseCheck(scale).problem(admin, tables);
  }

  /**
   * Lines for a report: rows per table and the load's rows per second, after a load; none before
   * one (a run on a reused data set).
   */
  public List<String> loadLines() {
    Loaded done = loaded;
    if (done == null) {
      return List.of();
    }
    List<String> rows = new ArrayList<>();
    for (PgbenchTable table : PgbenchTable.values()) {
      rows.add(String.format(Locale.ROOT, "%s %,d", table.name(names), plan.rows(table)));
    }
    return List.of("rows: " + String.join(", ", rows) + " (scale " + scale + ")",
        done.figures().line().replace("then indexes", "then primary keys"),
        String.format(Locale.ROOT, "statistics refreshed in %.1f s", done.statisticsNanos() / 1e9));
  }

  /** The load's figures (rows, seconds, rows/s, key building), or empty before a load. */
  public Optional<LoadFigures> figures() {
    Loaded done = loaded;
    return done == null ? Optional.empty() : Optional.of(done.figures());
  }
}
