package io.commitbench.core.results;

import java.util.List;
import java.util.Map;
import java.util.Optional;

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
 * @param warmupTransactions the warm-up's transactions, 0 when the run had none
 * @param paper the paper's analysis of the run's cycles ({@code paper} in the file: overall time,
 *     average actor times, ...), by key; empty when the run had no cycles
 * @param workloadFigures the workload's own figures ({@code workloadFigures}), every number by
 *     its dotted path ({@code queriesPerSecond.read}), in the file's order; lists left out
 * @param ignored failures the workload ignored and restarted as sysbench does, not errors
 * @param rateMissed the run's own verdict on its target rate ({@code rate.missed}), null when the
 *     run had no target or its summary has no verdict
 * @param serverReset why the server's counters started again from zero during the run ({@code
 *     server.reset}), or null when they did not (or the summary does not say)
 * @param commitBreakdown where the client's commit time went ({@code commit_breakdown}), empty
 *     when the summary has none (files of builds before it)
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
    double warmupTransactionsPerSecond,
    long warmupTransactions,
    Map<String, Double> paper,
    Map<String, Double> workloadFigures,
    long ignored,
    Boolean rateMissed,
    String serverReset,
    Optional<CommitBreakdownView> commitBreakdown) {

  public RunSummary {
    commitBreakdown = commitBreakdown == null ? Optional.empty() : commitBreakdown;
    config = Map.copyOf(config);
    types = List.copyOf(types);
    kinds = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(kinds));
    serverCounters = List.copyOf(serverCounters);
    serverDerived = List.copyOf(serverDerived);
    paper = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(paper));
    workloadFigures = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(workloadFigures));
  }

  /** A summary without a commit breakdown. */
  public RunSummary(String schema, String runId, String harnessVersion, String startedAt, String outcome,
      String failure, String workload, Map<String, String> config, double measuredSeconds, long transactions,
      double transactionsPerSecond, double operationsPerSecond, long errors, long retries, long shedArrivals,
      List<TypeFigures> types, Map<String, Latency> kinds, List<ServerFigure> serverCounters,
      List<ServerFigure> serverDerived, String serverNote, double warmupTransactionsPerSecond,
      long warmupTransactions, Map<String, Double> paper, Map<String, Double> workloadFigures, long ignored,
      Boolean rateMissed, String serverReset) {
    this(schema, runId, harnessVersion, startedAt, outcome, failure, workload, config, measuredSeconds, transactions,
        transactionsPerSecond, operationsPerSecond, errors, retries, shedArrivals, types, kinds, serverCounters,
        serverDerived, serverNote, warmupTransactionsPerSecond, warmupTransactions, paper, workloadFigures, ignored,
        rateMissed, serverReset, Optional.empty());
  }

  /** Whether a target rate was set (an open loop: response and service time differ). */
  public boolean rated() {
    String rate = config.get("rate");
    return rate != null && !rate.isEmpty();
  }

  /** The target rate in transactions per second, NaN when none was set (or it is unreadable). */
  public double targetRate() {
    return rated() ? parsed(config.get("rate")) : Double.NaN;
  }

  /** The figure of the server's canonical counters named {@code name}, or null when the file has none. */
  public ServerFigure serverCounter(String name) {
    return serverCounters.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
  }

  private static double parsed(String number) {
    try {
      return Double.parseDouble(number.trim());
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
