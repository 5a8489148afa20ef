package io.commitbench.storage.postgresql;

import io.commitbench.storage.relocate.LogCeiling;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How large PostgreSQL's WAL may grow: {@code max_wal_size} (the soft limit between checkpoints)
 * plus {@code wal_keep_size} where the server has it (13 and later; 0 unless set), read from
 * {@code pg_settings} with their units. Stateless.
 */
final class PostgresqlWalCeiling {

  /** One row per setting: name, value, unit (psql {@code -At}, tab-separated). */
  static final String SQL = "SELECT name, setting, unit FROM pg_settings"
      + " WHERE name IN ('max_wal_size', 'wal_keep_size') ORDER BY name";

  private static final Pattern UNIT = Pattern.compile("(\\d*)(B|kB|MB|GB|TB)");
  private static final Map<String, Long> FACTOR = Map.of("B", 1L, "kB", 1L << 10, "MB", 1L << 20, "GB", 1L << 30,
      "TB", 1L << 40);

  private PostgresqlWalCeiling() {}

  /**
   * The ceiling from the query's rows.
   *
   * @throws IOException when there is no {@code max_wal_size} row, or a value or unit is not understood
   */
  static LogCeiling parse(String rows) throws IOException {
    Map<String, Long> bytes = new TreeMap<>();
    for (String row : rows.strip().split("\n")) {
      String[] f = row.split("\t", -1);
      if (f.length == 3) {
        bytes.put(f[0], bytes(f[0], f[1], f[2]));
      }
    }
    Long max = bytes.get("max_wal_size");
    if (max == null) {
      throw new IOException("pg_settings gave no max_wal_size (got '" + rows.strip() + "')");
    }
    long keep = bytes.getOrDefault("wal_keep_size", 0L);
    String source = "max_wal_size " + human(max)
        + (bytes.containsKey("wal_keep_size") ? " + wal_keep_size " + human(keep) : "") + ", from pg_settings";
    return new LogCeiling(max + keep, source);
  }

  private static long bytes(String name, String setting, String unit) throws IOException {
    Matcher m = UNIT.matcher(unit);
    if (!m.matches()) {
      throw new IOException("pg_settings gave " + name + " in an unknown unit '" + unit + "'");
    }
    try {
      long multiple = m.group(1).isEmpty() ? 1 : Long.parseLong(m.group(1));
      return Math.multiplyExact(Math.multiplyExact(Long.parseLong(setting), multiple), FACTOR.get(m.group(2)));
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IOException("pg_settings gave " + name + " = '" + setting + "' " + unit + ", not a size in bytes");
    }
  }

  private static String human(long bytes) {
    String[] units = {"B", "kB", "MB", "GB", "TB"};
    int i = 0;
    double v = bytes;
    while (v >= 1024 && i < units.length - 1 && bytes % (1L << (10 * (i + 1))) == 0) {
      v /= 1024;
      i++;
    }
    return String.format(Locale.ROOT, "%d %s", (long) v, units[i]);
  }
}
