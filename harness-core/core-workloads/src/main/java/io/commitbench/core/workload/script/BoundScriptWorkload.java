package io.commitbench.core.workload.script;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.load.LoadFigures;
import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.CycleTimes;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.LoadContext;
import io.commitbench.core.workload.LoadMode;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.script.dataset.PgbenchDataSet;
import io.commitbench.core.workload.script.expr.Value;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * The script workload with its scripts, for one run: pgbench's four tables (unless {@code
 * script.dataset=none}) and those of {@code script.prepare}, their load, one transaction type per
 * script, the actors, and the figures pgbench reports.
 */
final class BoundScriptWorkload implements BoundWorkload {

  /** pgbench's tables come first in {@link #tables}, in {@link PgbenchDataSet#tables}' order. */
  private static final int PGBENCH_TABLES = 4;

  private final ScriptSettings settings;
  private final ScriptCatalog.Loaded loaded;
  private final List<ParsedScript> scripts;
  /** The run's seed: script.seed, or the clock's when it is 0 (as pgbench's default, --random-seed=time). */
  private final long seed;
  private final ScriptSeeds seeds;
  private final PgbenchDataSet dataSet;
  private final boolean autocommit;
  private final List<boolean[]> calls;
  /** Every actor's latencies, read after the run. */
  private final List<StatementLatencies> actorLatencies = new CopyOnWriteArrayList<>();
  /** Whether this run loaded the data set (its load lines go into the report). */
  private volatile boolean loadedHere;

  BoundScriptWorkload(ScriptSettings settings, ScriptCatalog.Loaded loaded) {
    this.settings = settings;
    this.loaded = loaded;
    this.scripts = loaded.scripts();
    // A seed from the clock lies within script.seed's range, so the recorded seed can be given back.
    long clock = System.currentTimeMillis() * 1_000 ^ System.nanoTime();
    this.seed = settings.seed() != 0 ? settings.seed() : Math.floorMod(clock, (long) Integer.MAX_VALUE) + 1;
    this.seeds = new ScriptSeeds(seed);
    this.dataSet = settings.dataset()
        ? new PgbenchDataSet(settings.tables(), settings.scale(), settings.loadThreads()) : null;
    this.autocommit = scripts.stream().anyMatch(BlockAnalysis::statementsOutsideBlocks);
    this.calls = StatementLatencies.callsOf(scripts);
  }

  /** The seed the run uses ({@code script.seed}, or the one drawn from the clock). */
  long seed() {
    return seed;
  }

  @Override
  public List<String> transactionTypes() {
    return scripts.stream().map(ParsedScript::name).toList();
  }

  /**
   * Whether the connections commit each statement by themselves: when some script has a statement
   * outside {@code BEGIN} ... {@code COMMIT}, as pgbench's statements outside a block commit; when
   * every statement is inside one, the blocks are the connections' transactions.
   */
  @Override
  public boolean autocommit() {
    return autocommit;
  }

  /** pgbench's {@code -M prepared}: each statement parsed once per connection, on the server. */
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
    List<HeaderLine> lines = new ArrayList<>();
    lines.add(new HeaderLine("Scripts", scripts.stream().map(s -> s.name() + "@" + s.weight())
        .collect(Collectors.joining(", "))));
    lines.add(new HeaderLine("Scale / Seed", settings.scale() + " / " + seed));
    lines.add(new HeaderLine("Data Set", dataSetLine()));
    lines.add(new HeaderLine("Connections", autocommit ? "autocommit; BEGIN leaves it for the block"
        : "without autocommit: every statement is inside BEGIN..COMMIT"));
    return lines;
  }

  private String dataSetLine() {
    String own = settings.prepareTables().isEmpty() ? "" : " + script.prepare's " + String.join(", ",
        settings.prepareTables());
    String pgbench = dataSet == null ? "none (script.dataset=none)" : "pgbench's 4 tables at scale " + settings.scale();
    return pgbench + own + (settings.load() == LoadMode.REUSE ? ", reused (load=reuse)" : ", loaded by this run");
  }

  /** pgbench's four tables (named as {@code script.table.*} say, without table.prefix), then those of script.prepare. */
  @Override
  public List<SchemaTable> tables(SchemaNaming naming) {
    List<SchemaTable> tables = new ArrayList<>();
    if (dataSet != null) {
      tables.addAll(dataSet.tables(naming));
    }
    loaded.prepare().ifPresent(prepare -> prepare.creates().forEach((name, create) -> {
      TableSpec spec = new TableSpec(name, naming.qualifier(), naming.dialect().qualifiedName(naming.qualifier(), name),
          0);
      tables.add(new SchemaTable(spec, create, naming.dialect().dropTableStatements(spec)));
    }));
    return tables;
  }

  /** pgbench's data set as {@code pgbench -i} loads it, then the statements of script.prepare that fill its tables. */
  @Override
  public void load(LoadContext context) throws SQLException, InterruptedException {
    if (dataSet != null) {
      dataSet.load(new LoadContext(context.admin(), context.dialect(), context.tables().subList(0, PGBENCH_TABLES),
          context.connections(), context.progress(), context.stopRequested()));
      loadedHere = true;
    }
    List<String> fill = loaded.prepare().map(PrepareFile::fill).orElse(List.of());
    if (fill.isEmpty()) {
      return;
    }
    Connection admin = context.admin();
    try (Statement statement = admin.createStatement()) {
      for (int i = 0; i < fill.size(); i++) {
        try {
          statement.execute(fill.get(i));
        } catch (SQLException e) {
          throw new SQLException("script.prepare " + settings.prepare().orElse("") + ": statement " + (i + 1)
              + " of those that fill its tables failed: " + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
        }
      }
    }
    if (!admin.getAutoCommit()) {
      admin.commit();
    }
    context.progress().accept("script.prepare: " + fill.size() + " statement(s) run");
  }

  @Override
  public boolean reusesLoadedTables() {
    return settings.load() == LoadMode.REUSE;
  }

  /** pgbench's tables must hold the rows of {@code script.scale} ({@link PgbenchDataSet#checkReused}). */
  @Override
  public Optional<String> checkReused(Connection admin, List<SchemaTable> tables) throws SQLException {
    return dataSet == null ? Optional.empty() : dataSet.checkReused(admin, tables.subList(0, PGBENCH_TABLES));
  }

  /**
   * Actor {@code index} as pgbench's client {@code index}: {@code :scale}, {@code :random_seed},
   * {@code :default_seed}, then script.vars (which may replace those three, as pgbench's -D does),
   * then {@code :client_id}, always its own.
   */
  @Override
  public ActorWork newActor(int index, List<SchemaTable> tables, Dialect dialect) {
    Map<String, Value> initial = new LinkedHashMap<>();
    initial.put("scale", Value.ofInt(settings.scale()));
    initial.put("random_seed", Value.ofInt(seeds.seed()));
    initial.put("default_seed", Value.ofInt(seeds.defaultSeed()));
    initial.putAll(loaded.vars());
    initial.put("client_id", Value.ofInt(index));
    StatementLatencies latencies = new StatementLatencies(calls);
    actorLatencies.add(latencies);
    return new ScriptActorWork(scripts, new ScriptVariables(initial, seeds.functions(index), System.err::println),
        seeds.choice(index), autocommit, latencies);
  }

  @Override
  public List<String> plan(int users) {
    List<String> lines = new ArrayList<>();
    for (ParsedScript script : scripts) {
      long sql = script.commands().stream().filter(c -> c instanceof ScriptCommand.Sql).count();
      lines.add(String.format(Locale.ROOT, "script %s (weight %d): %d SQL command(s), %d meta command(s)",
          script.name(), script.weight(), sql, script.commands().size() - sql));
    }
    lines.add("data set: " + dataSetLine() + (settings.load() == LoadMode.FRESH && dataSet != null
        ? " on " + settings.loadThreads() + " connection(s), dropped at the end" : ""));
    lines.add(String.format(Locale.ROOT, "%d actor(s), as pgbench's clients 0..%d; seed %s", users, users - 1,
        settings.seed() == 0 ? "from the clock" : Long.toString(seed)));
    return lines;
  }

  @Override
  public String reportBlock(RunTotals totals, List<CycleTimes> cycles, List<ActorCycleTimes> actorCycles) {
    return ScriptReport.block(totals, scripts, statements(), settings.scale(), seed, loadLines());
  }

  @Override
  public Map<String, Object> summaryFigures(RunTotals totals) {
    return ScriptReport.figures(totals, scripts, statements(), settings.scale(), seed,
        dataSet == null ? null : dataSet.figures().map(LoadFigures::asMap).orElse(null));
  }

  /** {@code statements.csv}, and each script's text ({@code script-<name>.sql}), so the run can be repeated. */
  @Override
  public Map<String, String> resultFiles() {
    Map<String, String> files = new LinkedHashMap<>();
    files.put("statements.csv", ScriptReport.csv(statements()));
    files.putAll(loaded.texts());
    return files;
  }

  private List<StatementFigure> statements() {
    return ScriptReport.statements(scripts, StatementLatencies.merge(actorLatencies, calls));
  }

  private List<String> loadLines() {
    return loadedHere && dataSet != null ? dataSet.loadLines() : List.of();
  }
}
