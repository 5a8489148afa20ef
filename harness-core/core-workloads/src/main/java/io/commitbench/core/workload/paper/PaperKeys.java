package io.commitbench.core.workload.paper;

import io.commitbench.core.key.Key;
import java.util.List;

/**
 * The keys of the paper's testframe. The paper's own names are kept (note that {@code tablename}
 * is the NUMBER of tables, as in the paper) and are required, because a run's workload must be
 * stated, not assumed.
 */
final class PaperKeys {

  static final String TABLES = "tablename";
  static final String INSERTS = "tableinsertnumber";
  static final String SELECTS = "tableselectnumber";
  static final String UPDATES = "tableupdatenumber";
  static final String DELETES = "tabledeletenumber";
  static final String REPEAT = "repeat";
  static final String AUTOCOMMIT = "autocommit";
  static final String COMMIT_INTERVAL = "commit.interval";
  static final String TEXT_LENGTH = "text.length";

  static final long MAX_PER_TABLE = 1_000_000;

  private PaperKeys() {}

  static List<Key> all() {
    return List.of(
        Key.requiredInteger(TABLES, 1, 1_000, "Number of central tables (the paper's name for the key)."),
        Key.requiredInteger(INSERTS, 0, MAX_PER_TABLE, "Inserts each actor runs on each table per cycle."),
        Key.requiredInteger(SELECTS, 0, MAX_PER_TABLE, "Selects each actor runs on each table per cycle."),
        Key.requiredInteger(UPDATES, 0, MAX_PER_TABLE, "Updates each actor runs on each table per cycle."),
        Key.requiredInteger(DELETES, 0, MAX_PER_TABLE,
            "Delete statements each actor runs on each table per cycle; together they remove the rows it inserted"
                + " (0 keeps them, with repeat=1)."),
        Key.optionalInteger(REPEAT, 1, 1_000_000,
            "Number of cycles run one after another; required unless duration is set (then cycles repeat until it ends)."),
        Key.bool(AUTOCOMMIT, true, "Whether every statement commits by itself."),
        Key.integer(COMMIT_INTERVAL, 1, 1, MAX_PER_TABLE,
            "With autocommit=false: statements per commit (a phase's remainder commits at its end)."),
        Key.integer(TEXT_LENGTH, 32, 1, 4_000, "Length of the two varchar attributes, declared and written."));
  }
}
