package io.commitbench.core.workload.tpcc;

import io.commitbench.core.load.LoadChunk;
import io.commitbench.core.load.LoadFigures;
import io.commitbench.core.load.ParallelLoad;
import io.commitbench.core.workload.LoadContext;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.TableStatistics;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Loads TPC-C's initial data (clause 4.3.3.1) into the created, empty tables: the rows of {@link
 * TpccRows} in the chunks of {@link TpccLoadPlan}, through the dialect's bulk loader on {@code
 * load.threads} connections, then each table's key and indexes, then the tables' statistics
 * ({@link TableStatistics}). A stop asked for ends it within
 * seconds with {@link io.commitbench.core.load.LoadStoppedException}.
 */
final class TpccLoader {

  /** Seconds between two progress lines of a load. */
  private static final long LOAD_PROGRESS_SECONDS = 5;

  private final TpccSettings settings;
  private final TpccConstants constants;
  /** Set by a load; null before one. */
  private volatile Loaded loaded;

  /** What a load did: the rows per table and the figures of the parallel load. */
  private record Loaded(Map<TpccTable, Long> rows, LoadFigures figures, long statisticsNanos) {}

  /** @param constants the load's constants (C_LAST of the customers' last names) */
  TpccLoader(TpccSettings settings, TpccConstants constants) {
    this.settings = settings;
    this.constants = constants;
  }

  void load(LoadContext context) throws SQLException, InterruptedException {
    List<SchemaTable> tables = context.tables();
    if (tables.size() != TpccTable.values().length) {
      throw new IllegalArgumentException("the TPC-C data set has 9 tables, not " + tables.size());
    }
    // The date and time columns are "given by the operating system when populated"; one second for all of them.
    Timestamp now = new Timestamp(System.currentTimeMillis() / 1000 * 1000);
    TpccLoadPlan plan = new TpccLoadPlan(settings.warehouses(), new TpccRows(settings.seed(), constants, now));
    List<LoadChunk> chunks = plan.chunks(tables);
    LoadFigures figures = new ParallelLoad(context.dialect().bulkLoader(), context.connections(),
        settings.loadThreads(), context.progress(), LOAD_PROGRESS_SECONDS, context.stopRequested())
        .load(chunks, TpccLoadPlan.after(context.dialect(), tables));
    long statisticsNanos = TableStatistics.refresh(context);
    loaded = new Loaded(TpccLoadPlan.rowsPerTable(chunks, tables), figures, statisticsNanos);
  }

  /**
   * The load's figures for summary.json, after {@link #load}: {@link LoadFigures#asMap}, the
   * warehouses, and the rows per table; empty before a load.
   */
  Map<String, Object> figures() {
    Loaded done = loaded;
    if (done == null) {
      return Map.of();
    }
    Map<String, Object> figures = new LinkedHashMap<>(done.figures().asMap());
    figures.put("warehouses", settings.warehouses());
    Map<String, Object> tables = new LinkedHashMap<>();
    done.rows().forEach((table, rows) -> tables.put(table.name, rows));
    figures.put("tableRows", tables);
    return figures;
  }

  /** The load's lines for the report, after {@link #load}: rows per table, then time, rate and method. */
  List<String> lines() {
    Loaded done = loaded;
    if (done == null) {
      return List.of();
    }
    List<String> rows = new ArrayList<>();
    done.rows().forEach((table, count) -> rows.add(String.format(Locale.ROOT, "%s %,d", table.name, count)));
    return List.of(String.format(Locale.ROOT, "rows: %s (%d warehouse%s)", String.join(", ", rows),
        settings.warehouses(), settings.warehouses() == 1 ? "" : "s"),
        done.figures().line().replace("then indexes", "then keys and indexes"),
        String.format(Locale.ROOT, "statistics refreshed in %.1f s", done.statisticsNanos() / 1e9));
  }

  /** What is wrong with a reused data set for {@code warehouses}: a table without the rows of table 4.1. */
  static Optional<String> checkReused(Connection admin, TpccNames names, int warehouses) throws SQLException {
    return new TpccReuseCheck(names, warehouses).problem(admin);
  }
}
