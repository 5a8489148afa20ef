package io.commitbench.core.workload.percona;

import io.commitbench.core.dialect.DataSize;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.load.IdChunks;
import io.commitbench.core.load.LoadFigures;
import io.commitbench.core.load.ParallelLoad;
import io.commitbench.core.load.RowSource;
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
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SplittableRandom;

/**
 * The read-only set for one run: the user-account table, loaded through the dialect's bulk
 * loader on {@code load.threads} connections (or a prepared one reused), its secondary index
 * built after the rows, then the four queries by their weights; the load's figures and the data
 * size go into the report.
 */
final class BoundPerconaWorkload implements BoundWorkload {

  /** Seconds between two progress lines of a load. */
  private static final long LOAD_PROGRESS_SECONDS = 5;

  private final PerconaSettings settings;
  private final long seed;
  private volatile LoadFigures loaded;
  private volatile DataSize size;

  BoundPerconaWorkload(PerconaSettings settings) {
    this.settings = settings;
    this.seed = settings.seed() != 0 ? settings.seed() : System.nanoTime();
  }

  @Override
  public List<String> transactionTypes() {
    return PerconaQuery.labels();
  }

  /** Every query is a transaction of its own, as the slides' runs were. */
  @Override
  public boolean autocommit() {
    return true;
  }

  @Override
  public OptionalInt cycles() {
    return OptionalInt.empty();
  }

  @Override
  public List<HeaderLine> headerLines() {
    return List.of(new HeaderLine("Rows", settings.tableSize()),
        new HeaderLine("String Columns", settings.strings().label()),
        new HeaderLine("Weights (" + String.join("/", PerconaQuery.labels()) + ")",
            String.join("/", Arrays.stream(settings.weights()).mapToObj(Integer::toString).toList())),
        new HeaderLine("Data Set", settings.load() == LoadMode.REUSE ? "reused (load=reuse)" : "loaded by this run"));
  }

  @Override
  public List<SchemaTable> tables(SchemaNaming naming) {
    TableSpec spec = naming.table("1", PerconaTableSql.NAME_LENGTH);
    return List.of(new SchemaTable(spec, List.of(PerconaTableSql.createTable(naming.dialect(), spec,
        settings.strings())), naming.dialect().dropTableStatements(spec)));
  }

  @Override
  public void load(LoadContext context) throws SQLException, InterruptedException {
    TableSpec table = context.tables().get(0).spec();
    loaded = new ParallelLoad(context.dialect().bulkLoader(), context.connections(), settings.loadThreads(),
        context.progress(), LOAD_PROGRESS_SECONDS,
        context.stopRequested()).load(IdChunks.of(table.qualifiedName(), PerconaTableSql.COLUMNS,
        settings.tableSize(), settings.loadThreads(), this::rows),
        List.of(List.of(PerconaTableSql.createSecondaryIndex(context.dialect(), table))));
  }

  private RowSource rows(long from, long to) {
    AccountValues values = new AccountValues(new SplittableRandom(seed * 31 + from));
    long[] next = {from};
    return row -> {
      if (next[0] > to) {
        return false;
      }
      values.row((int) next[0]++, row);
      return true;
    };
  }

  @Override
  public boolean reusesLoadedTables() {
    return settings.load() == LoadMode.REUSE;
  }

  /** The table must hold the ids 1..table_size the queries draw from. */
  @Override
  public Optional<String> checkReused(Connection admin, List<SchemaTable> tables) throws SQLException {
    TableSpec table = tables.get(0).spec();
    try (Statement statement = admin.createStatement();
        ResultSet rs = statement.executeQuery(PerconaTableSql.maxId(table))) {
      long max = rs.next() ? rs.getLong(1) : 0;
      return max >= settings.tableSize() ? Optional.empty() : Optional.of("table " + table.name() + " has ids up to "
          + max + ", fewer than " + PerconaKeys.TABLE_SIZE + "=" + settings.tableSize() + "; allowed: the "
          + PerconaKeys.TABLE_SIZE + " the data set was prepared with, or less");
    }
  }

  @Override
  public ActorWork newActor(int index, List<SchemaTable> tables, Dialect dialect) {
    TableSpec table = tables.get(0).spec();
    SplittableRandom random = new SplittableRandom(seed + 0x9E3779B97F4A7C15L * (index + 1));
    List<String> sql = Arrays.stream(PerconaQuery.values())
        .map(q -> PerconaTableSql.query(q, table, settings.strings())).toList();
    return new PerconaActorWork(sql, new WeightedChoice(settings.weights(), random.split()),
        new AccountValues(random.split()), settings.tableSize());
  }

  /** The table's size with its indexes as the server reports it (the queries change nothing). */
  @Override
  public void afterActors(Connection admin, Dialect dialect, List<SchemaTable> tables) throws SQLException {
    size = dialect.server().dataSize(admin,
        tables.stream().map(SchemaTable::spec).toList()).orElse(null);
  }

  @Override
  public List<String> plan(int users) {
    return List.of(String.format(Locale.ROOT, "%d user(s) run the %s queries by weights %s on a table of %,d rows"
        + " with %s string columns; %s", users, String.join("/", PerconaQuery.labels()),
        Arrays.toString(settings.weights()), settings.tableSize(), settings.strings().label(),
        settings.load() == LoadMode.REUSE ? "on the prepared data set (load=reuse)"
            : "loaded first on " + settings.loadThreads() + " connection(s), dropped at the end"));
  }

  @Override
  public String reportBlock(RunTotals totals, List<CycleTimes> cycles, List<ActorCycleTimes> actorCycles) {
    return PerconaReport.block(totals, settings.strings(), loaded, size);
  }

  @Override
  public Map<String, Object> summaryFigures(RunTotals totals) {
    return PerconaReport.figures(totals, settings.strings(), loaded, size);
  }
}
