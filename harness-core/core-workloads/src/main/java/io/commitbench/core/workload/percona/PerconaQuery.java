package io.commitbench.core.workload.percona;

import java.util.Arrays;
import java.util.List;

/**
 * The four read-only queries of the slides, one transaction type each: by the primary key, by
 * the secondary index (the row read from the table), by the covering index (only columns the
 * index holds) and with {@code LIMIT 20} (spelled FETCH FIRST 20 ROWS ONLY, which all four
 * products take). The secondary and covering queries have the same WHERE, so they differ only
 * in the visit to the table.
 */
enum PerconaQuery {
  PK("pk", "primary key"),
  SECONDARY("secondary", "secondary index"),
  COVERING("covering", "covering index"),
  LIMIT("limit", "LIMIT 20");

  /** The rows the limit query returns at most. */
  static final int LIMIT_ROWS = 20;

  private final String label;
  private final String what;

  PerconaQuery(String label, String what) {
    this.label = label;
    this.what = what;
  }

  String label() {
    return label;
  }

  String what() {
    return what;
  }

  static List<String> labels() {
    return Arrays.stream(values()).map(PerconaQuery::label).toList();
  }
}
