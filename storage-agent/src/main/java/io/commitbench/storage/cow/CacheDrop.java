package io.commitbench.storage.cow;

/**
 * How the probe empties the page cache before the linear read, so the read measures the device
 * (and the file's layout on it) rather than memory.
 */
public enum CacheDrop {
  /**
   * Only the probe file's pages: {@code dd iflag=nocache count=0} asks the kernel
   * ({@code posix_fadvise(POSIX_FADV_DONTNEED)}) to drop the whole file's clean pages (all of
   * them: the rewrite ended with an fsync; dirty pages would stay). Needs no
   * root and leaves other processes' caches alone, which matters on a shared host. Below a loop
   * device the backing file may still be cached.
   */
  FILE("file"),
  /**
   * The whole host's page cache: {@code sync; echo 1 > /proc/sys/vm/drop_caches}. Root only; also
   * empties a loop device's backing file from the cache, and every other process's.
   */
  SYSTEM("system"),
  /** Read what is cached: the read then measures memory as much as the device. */
  NONE("none");

  private final String label;

  CacheDrop(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /**
   * The way named {@code label}.
   *
   * @throws IllegalArgumentException naming the allowed labels
   */
  public static CacheDrop fromLabel(String label) {
    return OptionLabels.parse(values(), CacheDrop::label, label, "--drop-cache");
  }
}
