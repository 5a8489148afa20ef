package io.commitbench.core.workload;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.load.ConnectionOpener;
import java.sql.Connection;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * What a workload's load gets: the admin connection, the dialect, its tables (created, empty),
 * a way to open more connections as the central user for a parallel load, where progress
 * lines go, and whether the run was asked to stop: a load checks it between batches and then
 * throws {@link io.commitbench.core.load.LoadStoppedException}, so a signal ends it within seconds.
 */
public record LoadContext(Connection admin, Dialect dialect, List<SchemaTable> tables, ConnectionOpener connections,
    Consumer<String> progress, BooleanSupplier stopRequested) {

  public LoadContext {
    tables = List.copyOf(tables);
  }

  /** A load nothing asks to stop. */
  public LoadContext(Connection admin, Dialect dialect, List<SchemaTable> tables, ConnectionOpener connections,
      Consumer<String> progress) {
    this(admin, dialect, tables, connections, progress, () -> false);
  }
}
