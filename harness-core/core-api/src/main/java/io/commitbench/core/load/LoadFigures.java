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

  /** The figures for {@code summary.json}: rows, seconds, rowsPerSecond, indexSeconds, method, connections. */
  public java.util.Map<String, Object> asMap() {
    java.util.Map<String, Object> loaded = new java.util.LinkedHashMap<>();
    loaded.put("rows", rows);
    loaded.put("seconds", nanos / 1e9);
    loaded.put("rowsPerSecond", rowsPerSecond());
    loaded.put("indexSeconds", indexNanos / 1e9);
    loaded.put("method", method);
    loaded.put("connections", connections);
    return loaded;
  }

  /** The report's line: {@code 100,000 rows in 1.2 s, 83,000 rows/s (COPY FROM STDIN, 4 connections), then indexes in 0.3 s}. */
  public String line() {
    return String.format(java.util.Locale.ROOT, "%,d rows in %.1f s, %,.0f rows/s (%s, %d connections), then"
        + " indexes in %.1f s", rows, nanos / 1e9, rowsPerSecond(), method, connections, indexNanos / 1e9);
  }
}
