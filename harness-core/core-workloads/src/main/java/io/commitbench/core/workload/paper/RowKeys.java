package io.commitbench.core.workload.paper;

/**
 * Which rows an actor touches, so that actors never share a row and a finished cycle leaves the
 * tables as it found them. Actor {@code a} (0-based) owns the keys
 * {@code a × inserts .. a × inserts + inserts − 1} in every table:
 *
 * <ul>
 *   <li>insert {@code i} writes key {@code base + i};
 *   <li>select and update {@code j} address key {@code base + (j mod inserts)} (they wrap around
 *       when there are more of them than rows);
 *   <li>delete {@code j} of {@code D} removes a contiguous slice of the actor's keys; the slices
 *       together cover all of them (with more deletes than rows, some slices are empty).
 * </ul>
 *
 * @param actor 0-based actor index
 * @param inserts inserts per table per cycle
 * @param deletes delete statements per table per cycle
 */
public record RowKeys(int actor, int inserts, int deletes) {

  public long base() {
    return (long) actor * inserts;
  }

  public long insertKey(int i) {
    return base() + i;
  }

  /** The key of select or update {@code j}; with no inserted rows, a key that matches nothing. */
  public long addressedKey(int j) {
    return inserts == 0 ? -1 - actor : base() + (j % inserts);
  }

  /** First key of delete {@code j}'s slice (inclusive). */
  public long deleteFrom(int j) {
    return base() + (long) j * inserts / deletes;
  }

  /** Last key of delete {@code j}'s slice (inclusive); below {@link #deleteFrom} when the slice is empty. */
  public long deleteTo(int j) {
    return base() + (long) (j + 1) * inserts / deletes - 1;
  }
}
