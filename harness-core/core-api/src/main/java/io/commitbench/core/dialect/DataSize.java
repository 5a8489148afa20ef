package io.commitbench.core.dialect;

import java.util.Locale;

/**
 * The space a workload's tables take, as the server reports it.
 *
 * @param bytes tables and their indexes
 * @param how what was read, for the report: {@code pg_total_relation_size}
 */
public record DataSize(long bytes, String how) {

  private static final double BYTES_PER_MB = 1024.0 * 1024.0;

  public DataSize {
    if (bytes < 0) {
      throw new IllegalArgumentException("a data size is not negative: " + bytes);
    }
  }

  public double megabytes() {
    return bytes / BYTES_PER_MB;
  }

  /** The figures for {@code summary.json}: bytes, megabytes, how. */
  public java.util.Map<String, Object> asMap() {
    java.util.Map<String, Object> size = new java.util.LinkedHashMap<>();
    size.put("bytes", bytes);
    size.put("megabytes", megabytes());
    size.put("how", how);
    return size;
  }

  /** {@code 61.3 MB (pg_total_relation_size)}. */
  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%.1f MB (%s)", megabytes(), how);
  }

  /**
   * The size in the column {@code bytes} of the first row {@code sql} answers; empty when it
   * answers no row or NULL.
   */
  public static java.util.Optional<DataSize> read(io.commitbench.core.server.RowSource db, String sql, String how)
      throws java.sql.SQLException {
    java.util.List<io.commitbench.core.server.Row> rows = db.query(sql);
    Double bytes = rows.isEmpty() ? null : rows.get(0).number("bytes");
    return bytes == null ? java.util.Optional.empty() : java.util.Optional.of(new DataSize(bytes.longValue(), how));
  }

  /** A list of names as SQL string literals, for a catalog query: {@code 'a', 'b'}. */
  public static String literals(java.util.List<String> names) {
    return String.join(", ", names.stream().map(n -> "'" + n.replace("'", "''") + "'").toList());
  }
}
