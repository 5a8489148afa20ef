package io.commitbench.storage.lab;

/**
 * How {@code lab up} ages a device before it is measured: a file of {@code percent} of its
 * filesystem's free space, written in full and then overwritten at random 8 KiB offsets for
 * {@code seconds}, and kept. A flash drive in service has every page it ever wrote still mapped
 * unless something trimmed it, so its garbage collection must copy valid pages; a fresh one has
 * free blocks to spare and hides that cost. The file stays until the lab goes down, so nothing
 * (not even an fstrim of the filesystem) hands its pages back.
 *
 * @param percent share of the free space the file takes, 0 (no aging) to {@value #MAX_PERCENT}
 * @param seconds how long the random overwrites run, 1 to {@value #MAX_SECONDS}
 */
public record Aging(int percent, int seconds) {

  /** No aging: the device as made. */
  public static final Aging NONE = new Aging(0, 60);
  /** The file's name in the device's mount. */
  public static final String FILE = "commitbench-aging.fill";
  static final int MAX_PERCENT = 95;
  static final int MAX_SECONDS = 3600;

  public Aging {
    if (percent < 0 || percent > MAX_PERCENT) {
      throw new IllegalArgumentException("aging share " + percent + " % is not allowed; give 0 (no aging) to "
          + MAX_PERCENT);
    }
    if (seconds < 1 || seconds > MAX_SECONDS) {
      throw new IllegalArgumentException("aging time " + seconds + " s is not allowed; give 1 to " + MAX_SECONDS);
    }
  }

  /** Whether there is anything to do. */
  public boolean ages() {
    return percent > 0;
  }
}
