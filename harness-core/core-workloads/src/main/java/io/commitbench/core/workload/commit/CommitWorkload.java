package io.commitbench.core.workload.commit;

import io.commitbench.core.key.Key;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.Workload;
import io.commitbench.core.workload.WorkloadSettings;
import java.util.List;

/**
 * The storage question as one command: each transaction writes {@code commit.rows} rows of
 * {@code row.bytes} (new rows, or updates of rows loaded before the run) and commits. It is the
 * command-line form of the JMH {@code CommitLatency} benchmark, so that
 * {@code run commit.properties --set rate=500 --set duration=120 --set warmup=20} measures what a
 * log device does to commit latency at a given load.
 */
public final class CommitWorkload implements Workload {

  static final String MODE = "commit.mode";
  static final String ROWS = "commit.rows";
  static final String ROW_BYTES = "row.bytes";
  static final String PRELOAD = "commit.preload";

  @Override
  public String name() {
    return "commit";
  }

  @Override
  public String description() {
    return "k rows of row.bytes inserted (or updated) and committed per transaction: commit latency under load";
  }

  @Override
  public List<Key> keys() {
    return List.of(
        Key.choice(MODE, CommitMode.INSERT.label(), List.of(CommitMode.INSERT.label(), CommitMode.UPDATE.label()),
            "insert: each transaction inserts new rows; update: it updates rows loaded before the run."),
        Key.integer(ROWS, 1, 1, 10_000, "Rows written per transaction (k)."),
        Key.integer(ROW_BYTES, 100, 1, 4_000, "Bytes of the payload column of each row written."),
        Key.integer(PRELOAD, 1_000, 1, 10_000_000,
            "With commit.mode=update: rows loaded per actor before the run; each transaction updates k of them."));
  }

  @Override
  public boolean runsInCycles() {
    return false;
  }

  @Override
  public BoundWorkload bind(WorkloadSettings settings) {
    return new BoundCommitWorkload(CommitMode.parse(settings.text(MODE)), settings.integer(ROWS),
        settings.integer(ROW_BYTES), settings.integer(PRELOAD), settings.integer("users"));
  }
}
