package io.commitbench.storage.cow;

/** In which order the fill phase writes the file's blocks; either way each block is written once. */
public enum FillOrder {
  /**
   * Each worker writes its own contiguous share of the file from start to end, as the article's
   * script does ({@code fill_random}: seek to the worker's start, write its extents in turn). The
   * filesystem can then allocate the file in few extents, so the rewrite's fragmentation shows.
   */
  RANGES("ranges", "each worker writes its own contiguous range from start to end, as the article's script does"),
  /**
   * The blocks in one seeded random permutation, shared out among the workers. On btrfs (kernel
   * 6.x) a random-order fill is already written back block by block, so the file starts with about
   * one extent per block and the rewrite has little left to fragment.
   */
  RANDOM("random", "all blocks in one seeded random order, shared out among the workers");

  private final String label;
  private final String description;

  FillOrder(String label, String description) {
    this.label = label;
    this.description = description;
  }

  public String label() {
    return label;
  }

  public String description() {
    return description;
  }

  /**
   * The order named {@code label}.
   *
   * @throws IllegalArgumentException naming the allowed labels
   */
  public static FillOrder fromLabel(String label) {
    return OptionLabels.parse(values(), FillOrder::label, label, "--fill-order");
  }
}
