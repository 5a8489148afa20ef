package io.commitbench.core.measure;

import java.util.Locale;

/** The kinds of operation whose latency is measured separately. */
public enum OperationKind {
  INSERT,
  SELECT,
  UPDATE,
  DELETE,
  /** An explicit {@code Connection.commit()} (only when {@code autocommit=false}). */
  COMMIT;

  /** The four DML kinds, in the order an actor runs its phases. */
  public static final java.util.List<OperationKind> PHASES = java.util.List.of(INSERT, SELECT, UPDATE, DELETE);

  /** Lower-case label used in reports, CSV headers and histogram log tags. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
