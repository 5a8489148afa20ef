package io.commitbench.core.run;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.load.LoadStoppedException;
import io.commitbench.core.namespace.NamesRefusedException;
import io.commitbench.core.namespace.OwnershipMark;
import io.commitbench.core.report.Leftover;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.LoadContext;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.WorkloadRegistry;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * {@code commitbench prepare}: creates a workload's tables at the configured {@code
 * table.prefix} and loads them, as a run with {@code load=fresh} would, and keeps them — a data set
 * that later runs with {@code load=reuse} work on, and that {@code commitbench cleanup} lists
 * and drops like any other commitbench leftover. The tables carry the usual ownership mark, with a
 * run id {@code prepare-<time>}; they are never dropped unless creating or loading them failed.
 */
public final class DataSetPreparation {

  private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)
      .withZone(ZoneOffset.UTC);

  private final BenchmarkConfig config;
  private final Dialect dialect;
  private final Consumer<String> console;
  private final StopSignal stop = new StopSignal();
  private List<String> findings = List.of();

  public DataSetPreparation(BenchmarkConfig config, Dialect dialect, Consumer<String> console) {
    this.config = config;
    this.dialect = dialect;
    this.console = console;
  }

  /**
   * Asks the preparation to stop (Ctrl-C, SIGTERM): the load stops after the batch in hand, its
   * statements in flight cut off, and {@link #execute} drops what it created and says so.
   */
  public void requestStop(String why) {
    stop.request(why);
  }

  /** The run id its mark carries, which {@code cleanup --run-id} takes. */
  public static String markRunId(Instant started) {
    return "prepare-" + ID_TIME.format(started);
  }

  /**
   * Creates and loads the tables; on a failure or a stop drops what it created, says so, and
   * throws. The tables are marked {@code load=incomplete} until their load finished, so a table
   * that outlives a kill, or a drop that failed, is refused by {@code load=reuse}.
   *
   * @return the tables, kept
   * @throws NamesRefusedException before anything was created: a name is taken or too long
   * @throws io.commitbench.core.load.LoadStoppedException when {@link #requestStop} stopped it
   */
  public List<SchemaTable> execute() throws SQLException, NamesRefusedException, InterruptedException {
    BoundWorkload workload = WorkloadRegistry.load().byName(config.workload()).orElseThrow(
        () -> new IllegalArgumentException("no workload named " + config.workload())).bind(config.settings());
    Instant started = Instant.now();
    try (AdminConnection admin = new AdminConnection(() -> AdminLogin.open(config, dialect))) {
      SchemaSetup setup = new SchemaSetup(config, dialect, admin, OwnershipMark.ofThisProcess(markRunId(started),
          config.owner(), started, config.tablePrefix(), config.userPrefix()));
      setup.tablesOnly();
      boolean kept = false;
      try {
        List<SchemaTable> tables = setup.create(workload.tables(setup.naming()));
        console.accept(String.format(Locale.ROOT, "prepare: %d tables created at table.prefix=%s", tables.size(),
            config.tablePrefix()));
        if (stop.isRequested()) {
          throw new LoadStoppedException("prepare stopped before its load began");
        }
        workload.load(new LoadContext(admin.get(), dialect, tables, () -> AdminLogin.open(config, dialect), console,
            stop::isRequested));
        setup.loaded();
        kept = true;
        findings = checkData(workload, admin, tables);
        return tables;
      } finally {
        if (!kept) {
          dropCreated(setup);
        }
      }
    }
  }

  /** The workload's check of the kept data; that it could not check is itself a finding. */
  private List<String> checkData(BoundWorkload workload, AdminConnection admin, List<SchemaTable> tables) {
    try {
      return workload.checkData(admin.get(), dialect, tables);
    } catch (SQLException | RuntimeException e) {
      return List.of("the workload could not check its data: " + e.getMessage());
    }
  }

  /**
   * What the workload's check of the loaded data found ({@link BoundWorkload#checkData}), after
   * {@link #execute} returned; empty when the data is as the workload's conditions require.
   */
  public List<String> findings() {
    return findings;
  }

  /** Drops what a failed or stopped preparation created and says what it removed and what it left. */
  private void dropCreated(SchemaSetup setup) {
    String why = stop.isRequested() ? "stopped" : "failed";
    List<String> created = setup.tableNames();
    List<Leftover> left = setup.drop();
    List<String> kept = left.stream().map(Leftover::what).toList();
    List<String> dropped = created.stream().filter(name -> !kept.contains("table " + name)).toList();
    if (!dropped.isEmpty()) {
      console.accept("prepare " + why + ": dropped the " + dropped.size() + " table(s) it had created: "
          + String.join(", ", dropped));
    }
    for (Leftover leftover : left) {
      console.accept("warning: prepare " + why + " and could not drop " + leftover.what() + ": " + leftover.reason()
          + "; it is marked load=incomplete (load=reuse refuses it, commitbench cleanup lists it); drop it with: "
          + String.join("; ", leftover.removal()));
    }
  }
}
