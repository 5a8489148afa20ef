package io.commitbench.storage.cow;

/** Whether the probe snapshots the directory's storage between the fill and the rewrite. */
public enum SnapshotMode {
  /** Take a snapshot when the storage offers one; otherwise report why not and go on without. */
  AUTO("auto"),
  /** Take none: the rewrite's baseline on the same storage. */
  NONE("none");

  private final String label;

  SnapshotMode(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /**
   * The mode named {@code label}.
   *
   * @throws IllegalArgumentException naming the allowed labels
   */
  public static SnapshotMode fromLabel(String label) {
    return OptionLabels.parse(values(), SnapshotMode::label, label, "--snapshot");
  }
}
