package io.commitbench.core.workload.tpcc;

import io.commitbench.core.workload.SchemaTable;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The nine tables as SQL names them in this run (prefixed, qualified), by table. */
record TpccNames(Map<TpccTable, String> qualified) {

  TpccNames {
    qualified = Map.copyOf(qualified);
  }

  /** The names of {@code tables}, which are in {@link TpccTable}'s order. */
  static TpccNames of(List<SchemaTable> tables) {
    Map<TpccTable, String> names = new EnumMap<>(TpccTable.class);
    for (TpccTable table : TpccTable.values()) {
      names.put(table, tables.get(table.ordinal()).spec().qualifiedName());
    }
    return new TpccNames(names);
  }

  String of(TpccTable table) {
    return qualified.get(table);
  }
}
