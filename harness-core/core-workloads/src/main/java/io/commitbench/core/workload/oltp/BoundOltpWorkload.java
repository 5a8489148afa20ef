package io.commitbench.core.workload.oltp;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.load.LoadFigures;
import io.commitbench.core.load.ParallelLoad;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/** One OLTP script with its settings, for one run: its tables, their load, its actors and its figures. */
final class BoundOltpWorkload implements BoundWorkload {

  /** Seconds between two progress lines of a load. */
  private static final long LOAD_PROGRESS_SECONDS = 5;

  private final OltpScript script;
  private final OltpSettings settings;
  /** The run's seed: oltp.rand.seed, or the clock's when it is 0 (as sysbench seeds from the time). */
  private final long seed;
  /** Set by a load in this run; null when the run reused a data set. */
  private volatile LoadFigures loaded;

  BoundOltpWorkload(OltpScript script, OltpSettings settings) {
    this.script = script;
    this.settings = settings;
    this.seed = settings.seed() != 0 ? settings.seed() : System.nanoTime();
  }

  @Override
  public List<String> transactionTypes() {
    return List.of(script.label());
  }

  @Override
  public boolean autocommit() {
    return !(script.transactional() && !settings.skipTrx());
  }

  /** sysbench prepares its statements on the server ({@code --db-ps-mode=auto}, its default). */
  @Override
  public boolean serverPreparedStatements() {
    return true;
  }

  /**
   * What sysbench 1.0.20's driver for the database ignores and restarts the event after, without
   * limit, counting an "ignored error" ({@link Dialect#sysbenchIgnores}): on PostgreSQL a
   * deadlock, a serialization failure and a unique violation, which the delete and insert pair of
   * {@code oltp_read_write} and {@code oltp_write_only} raises there when two users draw the same
   * id (the second delete finds the row gone, then its insert meets the first user's new row); on
   * MariaDB and MySQL a deadlock, error 1020 and a lock wait timeout.
   */
  @Override
  public Predicate<SQLException> ignoredErrors(Dialect dialect) {
    return dialect::sysbenchIgnores;
  }

  @Override
  public OptionalInt cycles() {
    return OptionalInt.empty();
  }

  @Override
  public List<HeaderLine> headerLines() {
    QueryCounts q = QueryCounts.perTransaction(script, settings);
    return List.of(new HeaderLine("Tables x Rows", settings.tables() + " x " + settings.tableSize()),
        new HeaderLine("Queries per Tx (r/w/o)", q.read() + "/" + q.write() + "/" + q.other()),
        new HeaderLine("Random Distribution", settings.random().type().label()),
        new HeaderLine("Data Set", settings.load() == LoadMode.REUSE ? "reused (load=reuse)" : "loaded by this run"));
  }

  /** {@code <table.prefix>1..N}: with {@code table.prefix=sbtest}, sysbench's own names. */
  @Override
  public List<SchemaTable> tables(SchemaNaming naming) {
    List<SchemaTable> tables = new ArrayList<>();
    for (int t = 1; t <= settings.tables(); t++) {
      TableSpec spec = naming.table(Integer.toString(t), OltpTableSql.C_LENGTH);
      tables.add(new SchemaTable(spec, List.of(OltpTableSql.createTable(naming.dialect(), spec)),
          naming.dialect().dropTableStatements(spec)));
    }
    return tables;
  }

  /** The rows through the dialect's bulk loader on {@code load.threads} connections, then the indexes. */
  @Override
  public void load(LoadContext context) throws SQLException, InterruptedException {
    OltpLoadPlan plan = new OltpLoadPlan(settings, seed);
    loaded = new ParallelLoad(context.dialect().bulkLoader(), context.connections(), settings.loadThreads(),
        context.progress(), LOAD_PROGRESS_SECONDS,
        context.stopRequested()).load(plan.chunks(context.tables()),
        plan.after(context.dialect(), context.tables()));
  }

  @Override
  public boolean reusesLoadedTables() {
    return settings.load() == LoadMode.REUSE;
  }

  /** Each table must hold the ids 1..table_size that the transactions draw from. */
  @Override
  public Optional<String> checkReused(Connection admin, List<SchemaTable> tables) throws SQLException {
    try (Statement statement = admin.createStatement()) {
      for (SchemaTable table : tables) {
        try (ResultSet rs = statement.executeQuery(OltpTableSql.maxId(table.spec()))) {
          long max = rs.next() ? rs.getLong(1) : 0;
          if (max < settings.tableSize()) {
            return Optional.of("table " + table.spec().name() + " has ids up to " + max + ", fewer than "
                + OltpKeys.TABLE_SIZE + "=" + settings.tableSize() + "; allowed: the " + OltpKeys.TABLE_SIZE
                + " the data set was prepared with, or less");
          }
        }
      }
    }
    return Optional.empty();
  }

  @Override
  public ActorWork newActor(int index, List<SchemaTable> tables, Dialect dialect) {
    SplittableRandom source = new SplittableRandom(seed + 0x9E3779B97F4A7C15L * (index + 1));
    RandomIds random = new RandomIds(settings.random(), source::nextDouble);
    return new OltpActorWork(script, settings, tables.stream().map(t -> t.spec().qualifiedName()).toList(), random,
        new RandomStrings(random));
  }

  @Override
  public List<String> plan(int users) {
    QueryCounts q = QueryCounts.perTransaction(script, settings);
    return List.of(String.format(Locale.ROOT, "%s: each transaction %d reads, %d writes, %d other (BEGIN/COMMIT)"
        + " on %d table(s) of %d rows; %s", script.label(), q.read(), q.write(), q.other(), settings.tables(),
        settings.tableSize(), settings.load() == LoadMode.REUSE ? "on the prepared data set (load=reuse)"
            : "loaded first on " + settings.loadThreads() + " connection(s), dropped at the end"));
  }

  @Override
  public String reportBlock(RunTotals totals, List<CycleTimes> cycles, List<ActorCycleTimes> actorCycles) {
    return OltpReport.block(totals, loaded);
  }

  @Override
  public Map<String, Object> summaryFigures(RunTotals totals) {
    return OltpReport.figures(totals, script.label(), loaded);
  }
}
