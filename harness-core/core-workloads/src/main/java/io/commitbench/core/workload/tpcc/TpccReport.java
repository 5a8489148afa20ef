package io.commitbench.core.workload.tpcc;

import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.measure.TypeTotals;
import io.commitbench.core.workload.LoadMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The figures a TPC-C user reads, over the measured time (the warm-up excluded): tpmC in spec
 * mode (New-Orders completed per minute, the rolled back ones included, clause 5.4.2), NOPM and
 * TPM in throughput mode (committed New-Orders, and transactions of all five types, per minute,
 * as HammerDB's TPROC-C reports them); the mix against its minimum (clause 5.2.3); each type's
 * response times against the 90th-percentile limit (clause 5.2.5.4); rollbacks, retries and
 * errors; the keying and think times applied; the inputs' shares; the consistency checks; the
 * load; the constants C and the seed.
 */
final class TpccReport {

  /** The most tpmC 10 spec terminals reach per warehouse, given the mix and the keying and think times. */
  static final double MAX_TPMC_PER_WAREHOUSE = 12.86;
  private static final double NANOS_PER_MILLI = 1e6;
  private static final double NANOS_PER_MINUTE = 60e9;
  private static final double[] PERCENTILES = {50, 90, 95, 99};
  private static final String PASS = "pass";
  private static final String FAIL = "FAIL";

  private TpccReport() {}

  static String block(RunTotals totals, TpccSettings settings, TpccConstants load, TpccConstants run,
      TpccCounters.Totals counts, List<TpccConsistency.Round> checks, List<String> loadLines) {
    Figures f = new Figures(totals, settings, counts);
    StringBuilder b = new StringBuilder("TPC-C, " + settings.mode().label() + " mode (warm-up excluded):\n");
    if (settings.mode() == TpccMode.SPEC) {
      line(b, "tpmC:", String.format(Locale.ROOT, "%.2f  New-Orders a minute, rolled back ones included; %.2f per"
          + " warehouse of %d, at most %.2f%s", f.tpmC(), f.tpmC() / settings.warehouses(), settings.warehouses(),
          MAX_TPMC_PER_WAREHOUSE, f.tpmCWithinMax() ? "" : " (above it: the terminals paused less than the spec's)"));
    } else {
      line(b, "NOPM:", String.format(Locale.ROOT, "%.2f  committed New-Orders per minute", f.nopm()));
      line(b, "TPM:", String.format(Locale.ROOT, "%.2f  transactions of the five types per minute", f.tpm()));
    }
    line(b, "new-orders:", String.format(Locale.ROOT, "%d in %.2f min: %d committed, %d rolled back (%s; the"
        + " spec's 1 %%)", f.newOrders, f.minutes, counts.newOrdersCommitted(), counts.newOrderRollbacks(),
        percent(counts.newOrderRollbacks(), counts.newOrdersCommitted() + counts.newOrderRollbacks())));
    line(b, "order lines:", String.format(Locale.ROOT, "%d, %d supplied by another warehouse (%s; the spec's 1 %%)",
        counts.orderLines(), counts.remoteOrderLines(), percent(counts.remoteOrderLines(), counts.orderLines())));
    long payments = counts.paymentsByName() + counts.paymentsById();
    line(b, "payments:", String.format(Locale.ROOT, "%s by last name (the spec's 60 %%), %s of a customer of"
        + " another warehouse (15 %%)", percent(counts.paymentsByName(), payments),
        percent(counts.remotePayments(), payments)));
    line(b, "order-status:", String.format(Locale.ROOT, "%s by last name (the spec's 60 %%)",
        percent(counts.orderStatusByName(), counts.orderStatusByName() + counts.orderStatusById())));
    long deliveries = f.count(TpccTransaction.DELIVERY);
    line(b, "delivery:", String.format(Locale.ROOT, "%d districts delivered, %d skipped (no new order) in %d of %d"
        + " deliveries (%s; reported above 1 %%)", counts.deliveredDistricts(),
        counts.skippedDistricts(), counts.deliveriesWithSkips(), deliveries,
        percent(counts.deliveriesWithSkips(), deliveries)));
    line(b, "rollbacks / retries / errors:", String.format(Locale.ROOT, "%d / %d / %d", counts.newOrderRollbacks(),
        totals.retries(), totals.transactionErrors()));

    b.append(String.format(Locale.ROOT, "    %-14s %10s %8s %8s  %-4s%n", "mix", "count", "share", "minimum",
        "(clause 5.2.3)"));
    boolean cutDecks = false;
    for (TpccTransaction type : TpccTransaction.TYPES) {
      boolean cut = f.shortByCutDecks(type);
      cutDecks |= cut;
      b.append(String.format(Locale.ROOT, "    %-14s %10d %8s %8s  %s%n", type.label, f.count(type),
          f.total == 0 ? "-" : String.format(Locale.ROOT, "%.2f %%", f.share(type)),
          type.minimumPercent == 0 ? "-" : String.format(Locale.ROOT, "%.1f %%", type.minimumPercent),
          verdict(f.mixPassed(type)) + (cut ? "*" : "")));
    }
    if (cutDecks) {
      b.append("    * below its minimum by no more than the decks the measured window cuts explain: every full\n"
          + "      deck holds the 45/43/4/4/4 mix exactly; the window holds only part of each terminal's first\n"
          + "      and last deck\n");
    }

    b.append(String.format(Locale.ROOT, "    %-14s %9s %9s %9s %9s %9s %9s  %-4s %7s %7s%n", "response ms", "p50",
        "p90", "p95", "p99", "max", "p90 limit", "", "retries", "errors"));
    for (TpccTransaction type : TpccTransaction.TYPES) {
      TypeTotals t = f.type(type);
      Histogram h = t == null ? null : t.responseNanos();
      StringBuilder values = new StringBuilder();
      for (double p : PERCENTILES) {
        values.append(String.format(Locale.ROOT, " %9s", millis(h, p)));
      }
      values.append(String.format(Locale.ROOT, " %9s", h == null || h.getTotalCount() == 0 ? "-"
          : String.format(Locale.ROOT, "%.3f", h.getMaxValue() / NANOS_PER_MILLI)));
      b.append(String.format(Locale.ROOT, "    %-14s%s %9s  %-4s %7d %7d%n", type.label, values,
          type.responseLimitSeconds + " s", verdict(f.responsePassed(type)), t == null ? 0 : t.retries(),
          t == null ? 0 : t.errorCount()));
    }
    b.append(String.format(Locale.ROOT, "    %-14s %9s %9s %9s %9s %9s %9s  %s%n", "delivery done", "", "", "",
        "", "", TpccTransaction.DELIVERY_COMPLETION_LIMIT_SECONDS + " s",
        verdict(f.deliveryCompletionPassed()) + "  (completed in the terminal: the response time)"));

    if (settings.mode() == TpccMode.SPEC) {
      b.append(String.format(Locale.ROOT, "    %-14s %10s %10s %10s %10s %10s  (mean s applied, spec)%n", "pauses",
          "keying", "spec", "think", "spec", "cut mean"));
      for (TpccTransaction type : TpccTransaction.TYPES) {
        b.append(String.format(Locale.ROOT, "    %-14s %10s %10d %10s %10d %10.4f%n", type.label,
            seconds(counts.keying().get(type.ordinal())), type.keyingSeconds,
            seconds(counts.thinking().get(type.ordinal())), type.thinkMeanSeconds,
            TpccPauses.truncatedMeanSeconds(type)));
      }
    }

    List<String> rounds = rounds(settings, checks);
    if (rounds.isEmpty()) {
      line(b, "consistency:", settings.check() ? "not checked" : "off (tpcc.check=false)");
    }
    rounds.forEach(r -> b.append("    ").append(r).append('\n'));
    loadLines.forEach(l -> b.append("    load: ").append(l).append('\n'));
    line(b, "seed / C:", String.format(Locale.ROOT, "%d / load C_LAST %d; run C_LAST %d (distance %d), C_ID %d,"
        + " OL_I_ID %d", settings.seed(), load.lastName(), run.lastName(), Math.abs(run.lastName() - load.lastName()),
        run.customerId(), run.itemId()));
    return b.toString().stripTrailing();
  }

  static Map<String, Object> figures(RunTotals totals, TpccSettings settings, TpccConstants load, TpccConstants run,
      TpccCounters.Totals counts, List<TpccConsistency.Round> checks, Map<String, Object> loadFigures) {
    Figures f = new Figures(totals, settings, counts);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("mode", settings.mode().label());
    m.put("warehouses", settings.warehouses());
    m.put("measuredMinutes", f.minutes);
    if (settings.mode() == TpccMode.SPEC) {
      m.put("tpmC", f.tpmC());
      m.put("tpmCPerWarehouse", f.tpmC() / settings.warehouses());
      m.put("tpmCMaxPerWarehouse", MAX_TPMC_PER_WAREHOUSE);
      m.put("tpmCWithinMax", f.tpmCWithinMax());
    } else {
      m.put("nopm", f.nopm());
      m.put("tpm", f.tpm());
    }
    m.put("newOrders", f.newOrders);
    m.put("newOrdersCommitted", counts.newOrdersCommitted());
    m.put("newOrderRollbacks", counts.newOrderRollbacks());
    m.put("orderLines", counts.orderLines());
    m.put("remoteOrderLines", counts.remoteOrderLines());
    m.put("paymentsByName", counts.paymentsByName());
    m.put("paymentsById", counts.paymentsById());
    m.put("remotePayments", counts.remotePayments());
    m.put("orderStatusByName", counts.orderStatusByName());
    m.put("orderStatusById", counts.orderStatusById());
    m.put("deliveredDistricts", counts.deliveredDistricts());
    m.put("skippedDistricts", counts.skippedDistricts());
    m.put("deliveriesWithSkips", counts.deliveriesWithSkips());
    m.put("retries", totals.retries());
    m.put("errors", totals.transactionErrors());
    Map<String, Object> types = new LinkedHashMap<>();
    boolean mix = true;
    boolean response = true;
    for (TpccTransaction type : TpccTransaction.TYPES) {
      types.put(camelCase(type.label), typeFigures(f, type, counts, settings.mode()));
      mix &= f.mixPassed(type) != Boolean.FALSE;
      response &= f.responsePassed(type) != Boolean.FALSE;
    }
    m.put("mixPassed", mix);
    m.put("responseTimesPassed", response);
    m.put("deliveryCompletionLimitSeconds", TpccTransaction.DELIVERY_COMPLETION_LIMIT_SECONDS);
    m.put("deliveryCompletionPassed", f.deliveryCompletionPassed());
    m.put("types", types);
    m.put("consistency", consistencyFigures(settings, checks));
    Map<String, Object> constants = new LinkedHashMap<>();
    constants.put("seed", settings.seed());
    constants.put("loadLastName", load.lastName());
    constants.put("runLastName", run.lastName());
    constants.put("customerId", run.customerId());
    constants.put("itemId", run.itemId());
    m.put("constants", constants);
    m.put("load", loadFigures);
    return m;
  }

  private static Map<String, Object> typeFigures(Figures f, TpccTransaction type, TpccCounters.Totals counts,
      TpccMode mode) {
    TypeTotals t = f.type(type);
    Histogram h = t == null ? null : t.responseNanos();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("transactions", f.count(type));
    m.put("percent", f.total == 0 ? null : f.share(type));
    m.put("minimumPercent", type.minimumPercent);
    m.put("mixPassed", f.mixPassed(type));
    m.put("mixShortByCutDecks", f.shortByCutDecks(type));
    Map<String, Object> response = new LinkedHashMap<>();
    boolean any = h != null && h.getTotalCount() > 0;
    for (double p : PERCENTILES) {
      response.put("p" + (int) p, any ? h.getValueAtPercentile(p) / NANOS_PER_MILLI : null);
    }
    response.put("max", any ? h.getMaxValue() / NANOS_PER_MILLI : null);
    m.put("responseMillis", response);
    m.put("limitSeconds", type.responseLimitSeconds);
    m.put("responsePassed", f.responsePassed(type));
    m.put("retries", t == null ? 0L : t.retries());
    m.put("errors", t == null ? 0L : t.errorCount());
    if (mode == TpccMode.SPEC) {
      m.put("keyingMeanSeconds", finite(counts.keying().get(type.ordinal()).meanSeconds()));
      m.put("keyingSpecSeconds", type.keyingSeconds);
      m.put("thinkMeanSeconds", finite(counts.thinking().get(type.ordinal()).meanSeconds()));
      m.put("thinkSpecSeconds", type.thinkMeanSeconds);
    }
    return m;
  }

  private static Map<String, Object> consistencyFigures(TpccSettings settings, List<TpccConsistency.Round> checks) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < checks.size(); i++) {
      TpccConsistency.Round round = checks.get(i);
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("passed", round.passed().stream().allMatch(Boolean::booleanValue));
      for (int c = 0; c < round.passed().size(); c++) {
        r.put("condition" + (c + 1) + "Passed", round.passed().get(c));
      }
      r.put("findings", round.findings().size());
      r.put("seconds", round.nanos() / 1e9);
      m.put(camelCase(roundName(settings, i)), r);
    }
    return m;
  }

  /** Each consistency check as a line: the four conditions' verdicts and the findings. */
  static List<String> rounds(TpccSettings settings, List<TpccConsistency.Round> checks) {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < checks.size(); i++) {
      TpccConsistency.Round round = checks.get(i);
      StringBuilder conditions = new StringBuilder();
      for (int c = 0; c < round.passed().size(); c++) {
        conditions.append(c == 0 ? "" : ", ").append(c + 1).append(' ').append(round.passed().get(c) ? PASS : FAIL);
      }
      lines.add(String.format(Locale.ROOT, "%-32s %s; %d finding(s), %.1f s", "consistency " + roundName(settings, i)
          + ":", conditions, round.findings().size(), round.nanos() / 1e9));
    }
    return lines;
  }

  /** The first check follows the load (or, on a reused data set, precedes the run); the second follows the run. */
  private static String roundName(TpccSettings settings, int index) {
    if (index == 0) {
      return settings.load() == LoadMode.REUSE ? "before the run" : "after the load";
    }
    return index == 1 ? "after the run" : "check " + (index + 1);
  }

  /** {@code new-order} as {@code newOrder}, {@code after the run} as {@code afterTheRun}. */
  static String camelCase(String label) {
    StringBuilder b = new StringBuilder();
    boolean upper = false;
    for (char c : label.toCharArray()) {
      if (c == '-' || c == ' ') {
        upper = true;
      } else {
        b.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    return b.toString();
  }

  private static void line(StringBuilder b, String label, String value) {
    b.append(String.format(Locale.ROOT, "    %-32s %s%n", label, value));
  }

  private static String verdict(Boolean passed) {
    return passed == null ? "-" : passed ? PASS : FAIL;
  }

  private static String percent(long part, long whole) {
    return whole == 0 ? "-" : String.format(Locale.ROOT, "%.2f %%", 100.0 * part / whole);
  }

  private static String millis(Histogram h, double percentile) {
    return h == null || h.getTotalCount() == 0 ? "-"
        : String.format(Locale.ROOT, "%.3f", h.getValueAtPercentile(percentile) / NANOS_PER_MILLI);
  }

  private static String seconds(TpccCounters.Pauses pauses) {
    return pauses.count() == 0 ? "-" : String.format(Locale.ROOT, "%.4f", pauses.meanSeconds());
  }

  private static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }

  /** The figures both the text and the summary are made of. */
  private static final class Figures {
    final RunTotals totals;
    final TpccSettings settings;
    final TpccCounters.Totals counts;
    final double minutes;
    /** Transactions of all five types that completed. */
    final long total;
    /** New-Orders that completed, the rolled back ones included. */
    final long newOrders;

    Figures(RunTotals totals, TpccSettings settings, TpccCounters.Totals counts) {
      this.totals = totals;
      this.settings = settings;
      this.counts = counts;
      this.minutes = totals.measuredNanos() / NANOS_PER_MINUTE;
      this.total = TpccTransaction.TYPES.stream().mapToLong(this::count).sum();
      this.newOrders = count(TpccTransaction.NEW_ORDER);
    }

    TypeTotals type(TpccTransaction type) {
      return type.ordinal() < totals.types().size() ? totals.types().get(type.ordinal()) : null;
    }

    long count(TpccTransaction type) {
      TypeTotals t = type(type);
      return t == null ? 0 : t.count();
    }

    double share(TpccTransaction type) {
      return total == 0 ? 0 : 100.0 * count(type) / total;
    }

    double perMinute(long count) {
      return minutes <= 0 ? 0 : count / minutes;
    }

    double tpmC() {
      return perMinute(newOrders);
    }

    boolean tpmCWithinMax() {
      return tpmC() <= MAX_TPMC_PER_WAREHOUSE * settings.warehouses();
    }

    double nopm() {
      return perMinute(counts.newOrdersCommitted());
    }

    double tpm() {
      return perMinute(total);
    }

    /** Whether the type's share is at least its minimum; null for New-Order (no minimum) or without transactions. */
    Boolean mixPassed(TpccTransaction type) {
      return type.minimumPercent == 0 || total == 0 ? null : share(type) >= type.minimumPercent;
    }

    /**
     * Whether the type falls short of its minimum by no more than the decks the window cuts can
     * explain: each terminal's first and last deck lie partly outside the window, so the window
     * may lack up to the type's cards of each.
     */
    boolean shortByCutDecks(TpccTransaction type) {
      if (mixPassed(type) != Boolean.FALSE) {
        return false;
      }
      double proportional = total * type.cards / 100.0;
      return proportional - count(type) <= 2.0 * counts.terminals() * type.cards;
    }

    /** Whether the 90th percentile of the response time is within the type's limit; null without transactions. */
    Boolean responsePassed(TpccTransaction type) {
      return p90Within(type, type.responseLimitSeconds);
    }

    /** Clause 5.2.5.4: 90 % of the Deliveries complete within 80 s. */
    Boolean deliveryCompletionPassed() {
      return p90Within(TpccTransaction.DELIVERY, TpccTransaction.DELIVERY_COMPLETION_LIMIT_SECONDS);
    }

    private Boolean p90Within(TpccTransaction type, int limitSeconds) {
      TypeTotals t = type(type);
      if (t == null || t.responseNanos().getTotalCount() == 0) {
        return null;
      }
      return t.responseNanos().getValueAtPercentile(90) <= limitSeconds * TpccPauses.NANOS_PER_SECOND;
    }
  }
}
