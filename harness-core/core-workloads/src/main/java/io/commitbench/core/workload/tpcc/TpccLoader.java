package io.commitbench.core.workload.tpcc;

import io.commitbench.core.load.LoadFigures;
import io.commitbench.core.workload.LoadContext;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Loads TPC-C's initial data (clause 4.3.3.1). */
final class TpccLoader {

  private final TpccSettings settings;
  private final TpccConstants constants;

  TpccLoader(TpccSettings settings, TpccConstants constants) {
    this.settings = settings;
    this.constants = constants;
  }

  void load(LoadContext context) throws SQLException, InterruptedException {
    throw new UnsupportedOperationException("the TPC-C loader is not built yet");
  }

  /** The load's figures for summary.json, after {@link #load}. */
  Map<String, Object> figures() {
    return Map.of();
  }

  /** The load's lines for the report, after {@link #load}. */
  List<String> lines() {
    return List.of();
  }

  /** What is wrong with a reused data set for {@code warehouses}: a table without the rows of table 4.1. */
  static Optional<String> checkReused(Connection admin, TpccNames names, int warehouses) throws SQLException {
    return Optional.empty();
  }
}
