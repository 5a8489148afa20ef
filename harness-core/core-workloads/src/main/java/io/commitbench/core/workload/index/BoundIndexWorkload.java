package io.commitbench.core.workload.index;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.CycleTimes;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The index test for one run: one table, three cycles (insert, first read, second read), one
 * transaction type each, so the engine's barrier between cycles keeps the phases apart and its
 * per-type figures are the phases' own; its curve, reads and size are kept in {@link
 * IndexProgress}.
 */
final class BoundIndexWorkload implements BoundWorkload {

  static final List<String> TYPES = List.of("insert", "first-read", "second-read");

  private final IndexSettings settings;
  private final long seed;
  private final IndexProgress progress;

  BoundIndexWorkload(IndexSettings settings) {
    this.settings = settings;
    this.seed = settings.seed() != 0 ? settings.seed() : System.nanoTime();
    this.progress = new IndexProgress(settings.records());
  }

  @Override
  public List<String> transactionTypes() {
    return TYPES;
  }

  /** Each multi-row INSERT and each read query is a transaction of its own. */
  @Override
  public boolean autocommit() {
    return true;
  }

  @Override
  public OptionalInt cycles() {
    return OptionalInt.of(IndexProgress.PHASES);
  }

  @Override
  public List<HeaderLine> headerLines() {
    return List.of(new HeaderLine("Records (N)", settings.records()),
        new HeaderLine("Records per INSERT", settings.batch()),
        new HeaderLine("Records per Read Query", settings.page()),
        new HeaderLine("Seed", seed));
  }

  @Override
  public List<SchemaTable> tables(SchemaNaming naming) {
    TableSpec spec = naming.table("1", IndexTableSql.TEXT_LENGTH);
    return List.of(new SchemaTable(spec, List.of(IndexTableSql.createTable(naming.dialect(), spec)),
        naming.dialect().dropTableStatements(spec)));
  }

  @Override
  public ActorWork newActor(int index, List<SchemaTable> tables, Dialect dialect) {
    TableSpec table = tables.get(0).spec();
    return new IndexActorWork(rows -> IndexTableSql.insert(dialect, table, rows),
        IndexTableSql.readPage(table, settings.page()), settings.share(index), settings.batch(), settings.page(),
        KeyRange.part(index, settings.users()), seed + 0x9E3779B97F4A7C15L * (index + 1), progress);
  }

  /** The tables' size as the server reports it, after the reads (they change nothing). */
  @Override
  public void afterActors(Connection admin, Dialect dialect, List<SchemaTable> tables) throws SQLException {
    dialect.server().dataSize(admin, tables.stream().map(SchemaTable::spec).toList())
        .ifPresent(progress::dataSize);
  }

  @Override
  public List<String> plan(int users) {
    return List.of(String.format(Locale.ROOT, "insert %,d records with random 8-byte keys in INSERTs of %d records"
        + " from %d user(s), then read them all in key order twice, %d records per query", settings.records(),
        settings.batch(), users, settings.page()));
  }

  @Override
  public String reportBlock(RunTotals totals, List<CycleTimes> cycles, List<ActorCycleTimes> actorCycles) {
    return IndexReport.block(progress.figures());
  }

  @Override
  public Map<String, Object> summaryFigures(RunTotals totals) {
    return IndexReport.figures(progress.figures());
  }

  @Override
  public Map<String, String> resultFiles() {
    return Map.of(IndexReport.CURVE_FILE, IndexReport.curveCsv(progress.figures()));
  }
}
