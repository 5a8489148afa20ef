package io.commitbench.core.server;

/**
 * One cumulative server counter as read at one moment, or the reason it could not be read.
 * A counter the database does not have is absent, never zero.
 *
 * @param name stable name: a canonical one from {@link LogCounterNames} or a product-specific
 *     one such as {@code pg_stat_wal.wal_records}
 * @param value the reading; null when absent
 * @param unit unit of the value ({@code bytes}, {@code ms}, {@code count}, ...)
 * @param absentReason why it is absent; empty when present
 */
public record CounterValue(String name, Double value, String unit, String absentReason) {

  public static CounterValue of(String name, double value, String unit) {
    return new CounterValue(name, value, unit, "");
  }

  public static CounterValue absent(String name, String unit, String reason) {
    return new CounterValue(name, null, unit, reason);
  }

  public boolean present() {
    return value != null;
  }
}
