package io.commitbench.core.workload.paper;

import static io.commitbench.core.workload.paper.PaperKeys.*;

import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.workload.WorkloadSettings;
import java.util.OptionalInt;

/**
 * The per-actor shape of the paper's workload.
 *
 * @param tables number of tables
 * @param inserts inserts per table per cycle (likewise selects, updates, deletes)
 * @param repeat cycles of a count-based run; empty when the run is time-based
 * @param autocommit whether statements commit by themselves
 * @param commitInterval statements per commit when autocommit is off
 * @param textLength length of the varchar values written
 */
public record PaperSettings(int tables, int inserts, int selects, int updates, int deletes, OptionalInt repeat,
    boolean autocommit, int commitInterval, int textLength) {

  static PaperSettings of(WorkloadSettings s) {
    return new PaperSettings(s.integer(TABLES), s.integer(INSERTS), s.integer(SELECTS), s.integer(UPDATES),
        s.integer(DELETES), s.has(REPEAT) ? OptionalInt.of(s.integer(REPEAT)) : OptionalInt.empty(),
        s.bool(AUTOCOMMIT), s.integer(COMMIT_INTERVAL), s.integer(TEXT_LENGTH));
  }

  /** Statements of one phase per table per cycle. */
  public int perTable(OperationKind phase) {
    return switch (phase) {
      case INSERT -> inserts;
      case SELECT -> selects;
      case UPDATE -> updates;
      case DELETE -> deletes;
      case COMMIT -> throw new IllegalArgumentException("COMMIT is not a phase");
    };
  }
}
