package io.commitbench.core.workload.tpcc;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.CycleTimes;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.LoadContext;
import io.commitbench.core.workload.LoadMode;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The TPC-C workload for one run: its nine tables and their load, one terminal per actor, the
 * consistency conditions after the load and after the run, and the figures a TPC-C user reads.
 */
final class BoundTpccWorkload implements BoundWorkload {

  private final TpccSettings settings;
  private final TpccConstants loadConstants;
  private final TpccConstants runConstants;
  private final TpccCounters counters = new TpccCounters();
  /** The consistency checks made so far, in order: after the load (or before the run), after the run. */
  private final List<TpccConsistency.Round> checks = new ArrayList<>();
  private volatile TpccLoader loader;

  BoundTpccWorkload(TpccSettings settings) {
    this.settings = settings;
    this.loadConstants = TpccConstants.forLoad(settings.seed());
    this.runConstants = TpccConstants.forRun(loadConstants, settings.seed());
  }

  @Override
  public List<String> transactionTypes() {
    return TpccTransaction.labels();
  }

  /** Each transaction commits or rolls back as a whole. */
  @Override
  public boolean autocommit() {
    return false;
  }

  /** The five transactions' statements are prepared once per connection, on the server. */
  @Override
  public boolean serverPreparedStatements() {
    return true;
  }

  @Override
  public OptionalInt cycles() {
    return OptionalInt.empty();
  }

  @Override
  public List<HeaderLine> headerLines() {
    return List.of(
        new HeaderLine("Warehouses / Mode", settings.warehouses() + " / " + settings.mode().label()
            + (settings.mode() == TpccMode.SPEC ? " (10 terminals each, keying and think times)"
                : " (no keying or think time)")),
        new HeaderLine("Seed / C (load, run)", String.format(Locale.ROOT,
            "%d / C_LAST %d, %d; C_ID %d; OL_I_ID %d", settings.seed(), loadConstants.lastName(),
            runConstants.lastName(), runConstants.customerId(), runConstants.itemId())));
  }

  @Override
  public List<SchemaTable> tables(SchemaNaming naming) {
    List<SchemaTable> tables = new ArrayList<>();
    for (TpccTable table : TpccTable.values()) {
      TableSpec spec = naming.table(table.name, 0);
      tables.add(new SchemaTable(spec, List.of(table.createTable(naming.dialect(), spec)),
          naming.dialect().dropTableStatements(spec)));
    }
    return tables;
  }

  @Override
  public void load(LoadContext context) throws SQLException, InterruptedException {
    TpccLoader load = new TpccLoader(settings, loadConstants);
    load.load(context);
    loader = load;
  }

  @Override
  public boolean reusesLoadedTables() {
    return settings.load() == LoadMode.REUSE;
  }

  @Override
  public Optional<String> checkReused(Connection admin, List<SchemaTable> tables) throws SQLException {
    return TpccLoader.checkReused(admin, TpccNames.of(tables), settings.warehouses());
  }

  /** Consistency conditions 1 to 4 (clause 3.3.2), unless tpcc.check=false. */
  @Override
  public List<String> checkData(Connection admin, Dialect dialect, List<SchemaTable> tables) throws SQLException {
    if (!settings.check()) {
      return List.of();
    }
    TpccConsistency.Round round = TpccConsistency.check(admin, TpccNames.of(tables), settings.warehouses());
    checks.add(round);
    return round.findings();
  }

  @Override
  public ActorWork newActor(int index, List<SchemaTable> tables, Dialect dialect) {
    return new TpccTerminal(index, settings, runConstants, TpccNames.of(tables), counters);
  }

  @Override
  public List<String> plan(int users) {
    List<String> lines = new ArrayList<>();
    lines.add(String.format(Locale.ROOT, "%d warehouse(s): about %,d rows in 9 tables, %s", settings.warehouses(),
        java.util.Arrays.stream(TpccTable.values()).mapToLong(t -> t.rows(settings.warehouses())).sum(),
        settings.load() == LoadMode.REUSE ? "reused (load=reuse)"
            : "loaded on " + settings.loadThreads() + " connection(s), dropped at the end"));
    lines.add(settings.mode() == TpccMode.SPEC
        ? users + " terminal(s), 10 per warehouse, with the spec's keying and think times"
        : users + " terminal(s) without keying or think time, each on a warehouse of its own where there are enough");
    lines.add("consistency conditions 1-4: " + (settings.check() ? "after the load and after the run" : "off"));
    return lines;
  }

  @Override
  public String reportBlock(RunTotals totals, List<CycleTimes> cycles, List<ActorCycleTimes> actorCycles) {
    return TpccReport.block(totals, settings, loadConstants, runConstants, counters.totals(), checks, loadLines());
  }

  @Override
  public Map<String, Object> summaryFigures(RunTotals totals) {
    return TpccReport.figures(totals, settings, loadConstants, runConstants, counters.totals(), checks,
        loader == null ? null : loader.figures());
  }

  private List<String> loadLines() {
    return loader == null ? List.of() : loader.lines();
  }
}
