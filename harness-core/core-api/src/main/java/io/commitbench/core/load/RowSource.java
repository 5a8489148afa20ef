package io.commitbench.core.load;

/**
 * The rows of one load chunk, generated as they are written, so no chunk is held in memory.
 * Confined to the loading thread.
 */
public interface RowSource {

  /**
   * Fills {@code row} with the next row's values, one per column: {@link Long}, {@link Integer},
   * {@link String}, {@link java.math.BigDecimal}, {@link java.sql.Date} (whose text is {@code
   * yyyy-mm-dd}), {@link java.sql.Timestamp} (whose text is {@code yyyy-mm-dd hh:mm:ss.f}), or
   * null for SQL's NULL.
   *
   * @return false when there are no more rows ({@code row} is then left as it was)
   */
  boolean next(Object[] row);
}
