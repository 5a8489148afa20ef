package io.commitbench.core.workload.tpcc;

import io.commitbench.core.measure.RunTotals;
import java.util.List;
import java.util.Map;

/** The figures a TPC-C user reads: tpmC or NOPM, the mix, the response-time limits, the checks. */
final class TpccReport {

  private TpccReport() {}

  static String block(RunTotals totals, TpccSettings settings, TpccConstants load, TpccConstants run,
      TpccCounters.Totals counts, List<TpccConsistency.Round> checks, List<String> loadLines) {
    return "";
  }

  static Map<String, Object> figures(RunTotals totals, TpccSettings settings, TpccConstants load, TpccConstants run,
      TpccCounters.Totals counts, List<TpccConsistency.Round> checks, Map<String, Object> loadFigures) {
    return Map.of();
  }
}
