package io.commitbench.core.workload.script;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One SQL command's latency over the measured transactions, as a line of pgbench's {@code -r}
 * report.
 *
 * @param script the script's name (its transaction type)
 * @param line the command's line in its file
 * @param command the command's text, white space collapsed
 * @param count how often it ran to success in measured transactions that succeeded
 */
record StatementFigure(String script, int line, String command, long count, double meanMillis, double p50Millis,
    double p99Millis) {

  /** For {@code summary.json}: script, line, command, count, mean_ms, p50_ms, p99_ms. */
  Map<String, Object> asMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("script", script);
    map.put("line", line);
    map.put("command", command);
    map.put("count", count);
    map.put("mean_ms", meanMillis);
    map.put("p50_ms", p50Millis);
    map.put("p99_ms", p99Millis);
    return map;
  }
}
