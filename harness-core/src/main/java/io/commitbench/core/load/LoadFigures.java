package io.commitbench.core.load;

/**
 * What a load did.
 *
 * @param rows rows written
 * @param nanos wall time of the row loading (the index builds after it not included)
 * @param indexNanos wall time of the statements run after the rows (secondary indexes and the like)
 * @param method the loader's {@link BulkLoader#method()}
 * @param connections connections that loaded in parallel
 */
public record LoadFigures(long rows, long nanos, long indexNanos, String method, int connections) {

  public double rowsPerSecond() {
    return nanos == 0 ? 0 : rows / (nanos / 1e9);
  }
}
