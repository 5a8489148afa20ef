package io.commitbench.core.server;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One result row of a counter query, by lower-case column label. Dialects parse their counters
 * from rows rather than from a {@link java.sql.ResultSet}, so the parsing can be tested against
 * rows recorded from a real server without one.
 *
 * <pre>
 * Row row = Row.of("name", "redo size", "value", 123456);
 * double bytes = row.number("value");
 * </pre>
 *
 * @param columns column label (lower case) to value as the JDBC driver returned it; a value may be null
 */
public record Row(Map<String, Object> columns) {

  public Row {
    Map<String, Object> copy = new LinkedHashMap<>();
    columns.forEach((label, value) -> copy.put(label.toLowerCase(Locale.ROOT), value));
    columns = Collections.unmodifiableMap(copy);
  }

  /** A row from alternating labels and values: {@code Row.of("event", "log file sync", "total_waits", 10)}. */
  public static Row of(Object... labelsAndValues) {
    if (labelsAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("labels and values must alternate, got " + labelsAndValues.length + " items");
    }
    Map<String, Object> columns = new LinkedHashMap<>();
    for (int i = 0; i < labelsAndValues.length; i += 2) {
      columns.put((String) labelsAndValues[i], labelsAndValues[i + 1]);
    }
    return new Row(columns);
  }

  /**
   * The column as a number; null when the value is SQL NULL. Accepts any {@link Number} (an
   * Oracle NUMBER arrives as BigDecimal, a PostgreSQL numeric too) and numeric text (MariaDB's
   * {@code SHOW STATUS} values are strings).
   *
   * @throws IllegalArgumentException when the column is missing or its value is not a number
   */
  public Double number(String column) {
    Object value = value(column);
    if (value == null) {
      return null;
    }
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    try {
      return new BigDecimal(value.toString().trim()).doubleValue();
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("column " + column + " is not a number: '" + value + "'", e);
    }
  }

  /** The column as text; null when the value is SQL NULL. */
  public String text(String column) {
    Object value = value(column);
    return value == null ? null : value.toString();
  }

  private Object value(String column) {
    String label = column.toLowerCase(Locale.ROOT);
    if (!columns.containsKey(label)) {
      throw new IllegalArgumentException("no column " + column + " in " + columns.keySet());
    }
    return columns.get(label);
  }
}
