package io.commitbench.core.workload.percona;

import io.commitbench.core.key.Key;
import io.commitbench.core.workload.LoadKeys;
import java.util.ArrayList;
import java.util.List;

/**
 * The keys of the read-only set: the table's rows, its string columns' type, one weight per
 * query type, the seed, and the loader's keys ({@link LoadKeys}).
 */
final class PerconaKeys {

  static final String TABLE_SIZE = "percona.table.size";
  static final String STRINGS = "percona.strings";
  static final String SEED = "percona.seed";
  /** The weight key of each query type, in {@link PerconaQuery} order. */
  static final String WEIGHT_PREFIX = "percona.weight.";

  /** Weights are relative; a thousand to one is already beyond what a mix needs. */
  private static final int MAX_WEIGHT = 1_000;

  private PerconaKeys() {}

  static List<Key> all() {
    List<Key> keys = new ArrayList<>(List.of(
        Key.integer(TABLE_SIZE, 100_000, 1, Integer.MAX_VALUE, "Rows of the user-account table (ids 1..N)."),
        Key.choice(STRINGS, StringType.VARCHAR.label(), StringType.labels(), "The type of the string columns"
            + " (name, email, password, address, city, zip): char pads every value to its declared length,"
            + " varchar stores it as it is; the slides compared the two for load time and data size.")));
    for (PerconaQuery query : PerconaQuery.values()) {
      keys.add(Key.integer(weightKey(query), 1, 0, MAX_WEIGHT, "Relative weight of the " + query.what()
          + " query (" + query.label() + "); 0: never."));
    }
    keys.add(Key.integer(SEED, 0, 0, Integer.MAX_VALUE, "Seed of the rows loaded and of the queries' values; 0: from"
        + " the clock."));
    keys.addAll(LoadKeys.all("", ""));
    return List.copyOf(keys);
  }

  static String weightKey(PerconaQuery query) {
    return WEIGHT_PREFIX + query.label();
  }
}
