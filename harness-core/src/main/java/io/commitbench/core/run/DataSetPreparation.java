package io.commitbench.core.run;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.dialect.Dialect;
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

  public DataSetPreparation(BenchmarkConfig config, Dialect dialect, Consumer<String> console) {
    this.config = config;
    this.dialect = dialect;
    this.console = console;
  }

  /** The run id its mark carries, which {@code cleanup --run-id} takes. */
  public static String markRunId(Instant started) {
    return "prepare-" + ID_TIME.format(started);
  }

  /**
   * Creates and loads the tables; on a failure drops what it created and throws.
   *
   * @return the tables, kept
   * @throws NamesRefusedException before anything was created: a name is taken or too long
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
        workload.load(new LoadContext(admin.get(), dialect, tables, () -> AdminLogin.open(config, dialect), console));
        kept = true;
        return tables;
      } finally {
        if (!kept) {
          for (Leftover left : setup.drop()) {
            console.accept("warning: could not drop " + left.what() + " after the failed load: " + left.reason());
          }
        }
      }
    }
  }
}
