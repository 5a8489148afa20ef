package io.commitbench.core.workload.paper;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.CycleTimes;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.PaperAnalysis;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/** The paper's workload for one run: its tables, actors and analysis block. */
final class BoundPaperWorkload implements BoundWorkload {

  /** One transaction type per phase, in phase order: a transaction's statements are all of one phase. */
  static final List<String> TYPES = OperationKind.PHASES.stream().map(OperationKind::label).toList();

  private final PaperSettings settings;
  private final int users;
  private final long sleepMillis;

  /**
   * @param users the run's actors ({@code users})
   * @param sleepMillis the delay between their starts ({@code sleep}), for the block's schedule note
   */
  BoundPaperWorkload(PaperSettings settings, int users, long sleepMillis) {
    this.settings = settings;
    this.users = users;
    this.sleepMillis = sleepMillis;
  }

  @Override
  public List<String> transactionTypes() {
    return TYPES;
  }

  @Override
  public boolean autocommit() {
    return settings.autocommit();
  }

  @Override
  public OptionalInt cycles() {
    return settings.repeat();
  }

  @Override
  public List<HeaderLine> headerLines() {
    List<HeaderLine> lines = new ArrayList<>(List.of(
        new HeaderLine("AutoCommit", settings.autocommit()),
        new HeaderLine("Table Number", settings.tables()),
        new HeaderLine("Table Inserts", settings.inserts()),
        new HeaderLine("Table Selects", settings.selects()),
        new HeaderLine("Table Updates", settings.updates()),
        new HeaderLine("Table Deletes", settings.deletes())));
    settings.repeat().ifPresent(r -> lines.add(new HeaderLine("Repeat", r)));
    if (!settings.autocommit()) {
      lines.add(new HeaderLine("Commit Interval", settings.commitInterval()));
    }
    return lines;
  }

  @Override
  public List<SchemaTable> tables(SchemaNaming naming) {
    List<SchemaTable> tables = new ArrayList<>();
    Dialect dialect = naming.dialect();
    for (int t = 1; t <= settings.tables(); t++) {
      var spec = naming.table(Integer.toString(t), settings.textLength());
      tables.add(new SchemaTable(spec, dialect.createTableStatements(spec), dialect.dropTableStatements(spec)));
    }
    return tables;
  }

  @Override
  public ActorWork newActor(int index, List<SchemaTable> tables, Dialect dialect) {
    return new PaperActorWork(index, settings, tables.stream().map(t -> dialect.workloadSql(t.spec())).toList());
  }

  @Override
  public List<String> plan(int users) {
    if (settings.repeat().isEmpty()) {
      return List.of(String.format(Locale.ROOT, "a cycle issues %,d inserts, %,d selects, %,d updates and %,d delete"
          + " statements; cycles repeat until duration ends", perCycle(users, settings.inserts()),
          perCycle(users, settings.selects()), perCycle(users, settings.updates()), perCycle(users, settings.deletes())));
    }
    int repeat = settings.repeat().getAsInt();
    return List.of(String.format(Locale.ROOT, "a run issues %,d inserts, %,d selects, %,d updates and %,d delete statements",
        perCycle(users, settings.inserts()) * repeat, perCycle(users, settings.selects()) * repeat,
        perCycle(users, settings.updates()) * repeat, perCycle(users, settings.deletes()) * repeat));
  }

  private long perCycle(int users, int perTable) {
    return (long) users * settings.tables() * perTable;
  }

  @Override
  public String reportBlock(RunTotals totals, List<CycleTimes> cycles, List<ActorCycleTimes> actorCycles) {
    PaperAnalysis analysis = PaperAnalysis.of(cycles, actorCycles);
    return PaperBlock.paperBlock(analysis) + PaperBlock.scheduleNote(analysis, users, sleepMillis);
  }
}
