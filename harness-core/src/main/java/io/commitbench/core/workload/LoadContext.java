package io.commitbench.core.workload;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.load.ConnectionOpener;
import java.sql.Connection;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a workload's load gets: the admin connection, the dialect, its tables (created, empty),
 * a way to open more connections as the central user for a parallel load, and where progress
 * lines go.
 */
public record LoadContext(Connection admin, Dialect dialect, List<SchemaTable> tables, ConnectionOpener connections,
    Consumer<String> progress) {

  public LoadContext {
    tables = List.copyOf(tables);
  }
}
