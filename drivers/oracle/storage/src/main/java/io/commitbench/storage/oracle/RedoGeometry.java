package io.commitbench.storage.oracle;

import java.util.OptionalInt;

/**
 * The size and block size of an online redo log member, as given to {@code ADD LOGFILE … SIZE …
 * BLOCKSIZE …}: the parameters of the size sweep and of the 4096-byte block arm, shared by the
 * relocation and by the {@code recreate} arm. Immutable.
 *
 * <pre>
 * RedoGeometry.of(50 * RedoGeometry.MEGABYTE, 4096).clause()   // "SIZE 51200K BLOCKSIZE 4096"
 * RedoGeometry.ofSize(64 * RedoGeometry.MEGABYTE).clause()     // "SIZE 65536K" (the server's default block size)
 * </pre>
 *
 * @param bytes the member size; at least 4 MB (Oracle's minimum) and a whole number of kilobytes,
 *     since the clause is written in K
 * @param blocksize 512, 1024 or 4096; empty to keep the block size that applies (the current
 *     groups' in a relocation, the group's own in {@code recreate}, else the server's default)
 */
public record RedoGeometry(long bytes, OptionalInt blocksize) {

  public static final long KILOBYTE = 1024L;
  public static final long MEGABYTE = 1024L * KILOBYTE;
  /** Oracle refuses smaller online redo members. */
  public static final long MINIMUM_BYTES = 4 * MEGABYTE;

  public RedoGeometry {
    if (bytes < MINIMUM_BYTES) {
      throw new IllegalArgumentException("redo log size " + bytes + " bytes is below Oracle's minimum of 4 MB ("
          + MINIMUM_BYTES + " bytes); give at least 4M, e.g. 50M");
    }
    if (bytes % KILOBYTE != 0) {
      throw new IllegalArgumentException("redo log size " + bytes + " bytes is not a whole number of kilobytes;"
          + " give a multiple of 1024 bytes");
    }
    blocksize.ifPresent(RedoGeometry::checkBlocksize);
  }

  public static RedoGeometry of(long bytes, int blocksize) {
    return new RedoGeometry(bytes, OptionalInt.of(blocksize));
  }

  public static RedoGeometry ofSize(long bytes) {
    return new RedoGeometry(bytes, OptionalInt.empty());
  }

  /** The same size with a block size filled in where none was given. */
  public RedoGeometry withDefaultBlocksize(int fallback) {
    return blocksize.isPresent() ? this : of(bytes, fallback);
  }

  /** {@code SIZE nK} and, when a block size is set, {@code BLOCKSIZE b}. */
  public String clause() {
    String size = "SIZE " + (bytes / KILOBYTE) + "K";
    return blocksize.isPresent() ? size + " BLOCKSIZE " + blocksize.getAsInt() : size;
  }

  private static void checkBlocksize(int blocksize) {
    if (blocksize != 512 && blocksize != 1024 && blocksize != 4096) {
      throw new IllegalArgumentException("redo log block size " + blocksize
          + " is not one Oracle accepts; give 512, 1024 or 4096 (or none for the current one)");
    }
  }

  @Override
  public String toString() {
    return clause();
  }
}
