package io.commitbench.core.results;

import java.util.List;
import java.util.Map;

/**
 * What {@code report} and {@code compare} use of one run's {@code summary.json}, read by {@link
 * SummaryReader}. Rates and times are over the measured time (the warm-up excluded).
 *
 * @param config the effective configuration, no secrets (sorted)
 * @param types per transaction type, in the file's order
 * @param kinds per statement kind: its latency, or null when none of that kind succeeded
 * @param serverCounters the server's counters, difference over the run, in the file's order
 * @param serverDerived figures derived from them (log sync time per commit, ...)
 * @param serverNote why there are no counters at all, or null
 * @param warmupTransactionsPerSecond the warm-up's throughput, NaN when the run had none
 */
public record RunSummary(
    String schema,
    String runId,
    String harnessVersion,
    String startedAt,
    String outcome,
    String failure,
    String workload,
    Map<String, String> config,
    double measuredSeconds,
    long transactions,
    double transactionsPerSecond,
    double operationsPerSecond,
    long errors,
    long retries,
    long shedArrivals,
    List<TypeFigures> types,
    Map<String, Latency> kinds,
    List<ServerFigure> serverCounters,
    List<ServerFigure> serverDerived,
    String serverNote,
    double warmupTransactionsPerSecond) {

  public RunSummary {
    config = Map.copyOf(config);
    types = List.copyOf(types);
    kinds = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(kinds));
    serverCounters = List.copyOf(serverCounters);
    serverDerived = List.copyOf(serverDerived);
  }

  /** Whether a target rate was set (an open loop: response and service time differ). */
  public boolean rated() {
    String rate = config.get("rate");
    return rate != null && !rate.isEmpty();
  }
}
