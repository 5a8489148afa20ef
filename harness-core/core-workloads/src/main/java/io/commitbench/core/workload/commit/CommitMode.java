package io.commitbench.core.workload.commit;

import java.util.Locale;

/** Whether a commit transaction inserts new rows or updates loaded ones. */
enum CommitMode {
  INSERT,
  UPDATE;

  String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  static CommitMode parse(String label) {
    return valueOf(label.toUpperCase(Locale.ROOT));
  }
}
