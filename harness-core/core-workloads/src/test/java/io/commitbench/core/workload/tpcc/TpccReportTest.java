package io.commitbench.core.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.measure.KindTotals;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.measure.TypeTotals;
import io.commitbench.core.workload.LoadMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** tpmC, NOPM and TPM, the mix and the response-time limits, on hand-made totals. */
class TpccReportTest {

  private static final long MS = 1_000_000L;
  private static final long S = 1_000 * MS;
  private static final long MINUTE = 60 * S;
  private static final TpccConstants LOAD = new TpccConstants(100, 200, 300);
  private static final TpccConstants RUN = new TpccConstants(180, 200, 300);

  /** One type's totals: {@code count} transactions of {@code nanos} each. */
  private static TypeTotals type(TpccTransaction type, long count, long nanos, long retries, long errors) {
    Histogram h = new Histogram(3);
    if (count > 0) {
      h.recordValueWithCount(nanos, count);
    }
    return new TypeTotals(type.label, h, h, new Histogram(3), errors == 0 ? Map.of() : Map.of(ErrorClass.DEADLOCK,
        errors), retries, Map.of());
  }

  private static RunTotals totals(long measuredNanos, TypeTotals... types) {
    Map<OperationKind, KindTotals> kinds = new EnumMap<>(OperationKind.class);
    for (OperationKind kind : OperationKind.values()) {
      kinds.put(kind, new KindTotals(kind, new Histogram(3), Map.of()));
    }
    long transactions = java.util.Arrays.stream(types).mapToLong(TypeTotals::count).sum();
    return new RunTotals(kinds, List.of(types), transactions, 0, measuredNanos, 0);
  }

  /** 10 minutes: 1,000 New-Orders, 956 Payments, 89 of each of the others (2,223 in all), each of 100 ms. */
  private static RunTotals tenMinutes() {
    return totals(10 * MINUTE, type(TpccTransaction.NEW_ORDER, 1000, 100 * MS, 2, 1),
        type(TpccTransaction.PAYMENT, 956, 100 * MS, 3, 0), type(TpccTransaction.ORDER_STATUS, 89, 100 * MS, 0, 0),
        type(TpccTransaction.DELIVERY, 89, 100 * MS, 0, 0), type(TpccTransaction.STOCK_LEVEL, 89, 100 * MS, 0, 0));
  }

  private static TpccCounters.Totals counts(long committed, long rollbacks) {
    List<TpccCounters.Pauses> keying = new ArrayList<>();
    List<TpccCounters.Pauses> thinking = new ArrayList<>();
    for (TpccTransaction type : TpccTransaction.TYPES) {
      keying.add(new TpccCounters.Pauses(10, 10 * type.keyingSeconds * S, type.keyingSeconds * S));
      thinking.add(new TpccCounters.Pauses(4, 4 * type.thinkMeanSeconds * S + 2 * S, 3 * type.thinkMeanSeconds * S));
    }
    return new TpccCounters.Totals(committed, rollbacks, 10 * committed, committed / 10, 600, 400, 150, 50, 39, 880,
        10, 2, keying, thinking, 4);
  }

  private static TpccSettings settings(int warehouses, TpccMode mode) {
    return new TpccSettings(warehouses, mode, true, 7, LoadMode.FRESH, 1);
  }

  private static List<TpccConsistency.Round> allPassed() {
    return List.of(new TpccConsistency.Round(List.of(true, true, true, true), List.of(), 2 * S));
  }

  private static String block(RunTotals totals, TpccSettings settings, List<TpccConsistency.Round> checks) {
    return TpccReport.block(totals, settings, LOAD, RUN, counts(990, 10), checks, List.of("9 tables, 12 s"));
  }

  private static Map<String, Object> figures(RunTotals totals, TpccSettings settings) {
    return TpccReport.figures(totals, settings, LOAD, RUN, counts(990, 10), allPassed(), null);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    return (Map<String, Object>) value;
  }

  private static String lineOf(String block, String start) {
    return block.lines().map(String::strip).filter(l -> l.startsWith(start)).findFirst().orElseThrow(
        () -> new AssertionError("no line " + start + " in\n" + block));
  }

  /** The first line starting with {@code start} after the table whose header starts with {@code table}. */
  private static String lineOf(String block, String table, String start) {
    int at = block.indexOf("\n    " + table);
    assertThat(at).as("table " + table + " in\n" + block).isNotNegative();
    return lineOf(block.substring(at + 1 + 4 + table.length()), start);
  }

  @Test
  void tpmCCountsEveryCompletedNewOrderPerMeasuredMinuteRolledBackOnesIncluded() {
    Map<String, Object> f = figures(tenMinutes(), settings(10, TpccMode.SPEC));
    assertThat((double) f.get("tpmC")).isCloseTo(100.0, within(1e-9));
    assertThat((double) f.get("tpmCPerWarehouse")).isCloseTo(10.0, within(1e-9));
    assertThat(f.get("tpmCWithinMax")).isEqualTo(true);
    assertThat(f).doesNotContainKeys("nopm", "tpm").containsEntry("newOrders", 1000L)
        .containsEntry("newOrdersCommitted", 990L).containsEntry("newOrderRollbacks", 10L);

    String block = block(tenMinutes(), settings(10, TpccMode.SPEC), allPassed());
    assertThat(lineOf(block, "tpmC:")).contains("100.00", "10.00 per warehouse of 10, at most 12.86")
        .doesNotContain("above");
    assertThat(lineOf(block, "new-orders:")).contains("1000 in 10.00 min: 990 committed, 10 rolled back (1.00 %");
  }

  @Test
  void aTpmCAboveWhatTenTerminalsPerWarehouseReachIsMarked() {
    Map<String, Object> f = figures(tenMinutes(), settings(5, TpccMode.SPEC));
    assertThat((double) f.get("tpmCPerWarehouse")).isCloseTo(20.0, within(1e-9));
    assertThat(f.get("tpmCWithinMax")).isEqualTo(false);
    assertThat(lineOf(block(tenMinutes(), settings(5, TpccMode.SPEC), allPassed()), "tpmC:"))
        .contains("20.00 per warehouse of 5", "above it");
  }

  @Test
  void throughputModeReportsCommittedNewOrdersAndAllTransactionsPerMinute() {
    Map<String, Object> f = figures(tenMinutes(), settings(10, TpccMode.THROUGHPUT));
    assertThat((double) f.get("nopm")).isCloseTo(99.0, within(1e-9));
    assertThat((double) f.get("tpm")).isCloseTo(222.3, within(1e-9));
    assertThat(f).doesNotContainKeys("tpmC", "tpmCPerWarehouse");
    String block = block(tenMinutes(), settings(10, TpccMode.THROUGHPUT), allPassed());
    assertThat(lineOf(block, "NOPM:")).contains("99.00");
    assertThat(lineOf(block, "TPM:")).contains("222.30");
    assertThat(block).doesNotContain("tpmC", "keying");
  }

  @Test
  void eachTypesShareIsJudgedAgainstItsMinimum() {
    Map<String, Object> passing = map(figures(tenMinutes(), settings(10, TpccMode.SPEC)).get("types"));
    assertThat(map(passing.get("payment")).get("mixPassed")).isEqualTo(true);
    assertThat((double) map(passing.get("payment")).get("percent")).isCloseTo(100.0 * 956 / 2223, within(1e-9));
    assertThat(map(passing.get("newOrder")).get("mixPassed")).as("New-Order has no minimum").isNull();

    // 955 Payments of 2,222 are 42.98 %.
    RunTotals short1 = totals(10 * MINUTE, type(TpccTransaction.NEW_ORDER, 1000, 100 * MS, 0, 0),
        type(TpccTransaction.PAYMENT, 955, 100 * MS, 0, 0), type(TpccTransaction.ORDER_STATUS, 89, 100 * MS, 0, 0),
        type(TpccTransaction.DELIVERY, 89, 100 * MS, 0, 0), type(TpccTransaction.STOCK_LEVEL, 89, 100 * MS, 0, 0));
    Map<String, Object> f = figures(short1, settings(10, TpccMode.SPEC));
    assertThat(map(map(f.get("types")).get("payment")).get("mixPassed")).isEqualTo(false);
    assertThat(f.get("mixPassed")).isEqualTo(false);
    String block = block(short1, settings(10, TpccMode.SPEC), allPassed());
    assertThat(lineOf(block, "mix", "payment ")).contains("42.98 %", "43.0 %", "FAIL");
    assertThat(lineOf(block, "mix", "order-status ")).contains("4.01 %", "4.0 %", "pass");
  }

  @Test
  void aShortfallTheCutDecksExplainIsMarkedAndALargerOneIsNot() {
    // 4 terminals: the window may lack up to 2 x 4 x 43 = 344 Payments of the proportional share.
    RunTotals slightlyShort = totals(10 * MINUTE, type(TpccTransaction.NEW_ORDER, 1000, 100 * MS, 0, 0),
        type(TpccTransaction.PAYMENT, 955, 100 * MS, 0, 0), type(TpccTransaction.ORDER_STATUS, 89, 100 * MS, 0, 0),
        type(TpccTransaction.DELIVERY, 89, 100 * MS, 0, 0), type(TpccTransaction.STOCK_LEVEL, 89, 100 * MS, 0, 0));
    String block = block(slightlyShort, settings(10, TpccMode.SPEC), allPassed());
    assertThat(lineOf(block, "mix", "payment ")).endsWith("FAIL*");
    assertThat(block).contains("* below its minimum by no more than the decks the measured window cuts explain");
    assertThat(map(map(figures(slightlyShort, settings(10, TpccMode.SPEC)).get("types")).get("payment")))
        .containsEntry("mixPassed", false).containsEntry("mixShortByCutDecks", true);

    // 200 of 1,467 are 431 fewer than 43 %: more than the cut decks explain.
    RunTotals farShort = totals(10 * MINUTE, type(TpccTransaction.NEW_ORDER, 1000, 100 * MS, 0, 0),
        type(TpccTransaction.PAYMENT, 200, 100 * MS, 0, 0), type(TpccTransaction.ORDER_STATUS, 89, 100 * MS, 0, 0),
        type(TpccTransaction.DELIVERY, 89, 100 * MS, 0, 0), type(TpccTransaction.STOCK_LEVEL, 89, 100 * MS, 0, 0));
    String far = block(farShort, settings(10, TpccMode.SPEC), allPassed());
    assertThat(lineOf(far, "mix", "payment ")).endsWith("FAIL");
    assertThat(far).doesNotContain("* below its minimum");
  }

  @Test
  void theNinetiethPercentileIsJudgedAgainstEachTypesLimitAndDeliveryAlsoAgainst80Seconds() {
    Histogram delivery = new Histogram(3);
    delivery.recordValueWithCount(4 * S, 90);
    delivery.recordValueWithCount(70 * S, 10);
    RunTotals totals = totals(10 * MINUTE, type(TpccTransaction.NEW_ORDER, 1000, 6 * S, 0, 0),
        type(TpccTransaction.PAYMENT, 956, 100 * MS, 0, 0), type(TpccTransaction.ORDER_STATUS, 89, 100 * MS, 0, 0),
        new TypeTotals("delivery", delivery, delivery, new Histogram(3), Map.of(), 0, Map.of()),
        type(TpccTransaction.STOCK_LEVEL, 89, 19 * S, 0, 0));
    Map<String, Object> f = figures(totals, settings(10, TpccMode.SPEC));
    Map<String, Object> types = map(f.get("types"));
    assertThat(map(types.get("newOrder")).get("responsePassed")).isEqualTo(false);
    assertThat(map(types.get("payment")).get("responsePassed")).isEqualTo(true);
    assertThat(map(types.get("delivery")).get("responsePassed")).isEqualTo(true);
    assertThat(map(types.get("stockLevel")).get("responsePassed")).as("its limit is 20 s").isEqualTo(true);
    assertThat((double) map(map(types.get("delivery")).get("responseMillis")).get("p90")).isCloseTo(4000, within(5.0));
    assertThat((double) map(map(types.get("delivery")).get("responseMillis")).get("max"))
        .isCloseTo(70_000, within(100.0));
    assertThat(f.get("deliveryCompletionPassed")).isEqualTo(true);
    assertThat(f.get("responseTimesPassed")).isEqualTo(false);
    String block = block(totals, settings(10, TpccMode.SPEC), allPassed());
    assertThat(lineOf(block, "response ms", "new-order ")).matches("new-order +600\\d\\.\\d{3} .*")
        .contains("5 s", "FAIL");
    assertThat(lineOf(block, "delivery done")).contains("80 s", "pass");

    RunTotals slow = totals(10 * MINUTE, type(TpccTransaction.NEW_ORDER, 1000, 100 * MS, 0, 0),
        type(TpccTransaction.PAYMENT, 956, 100 * MS, 0, 0), type(TpccTransaction.ORDER_STATUS, 89, 100 * MS, 0, 0),
        type(TpccTransaction.DELIVERY, 89, 90 * S, 0, 0), type(TpccTransaction.STOCK_LEVEL, 89, 100 * MS, 0, 0));
    Map<String, Object> late = figures(slow, settings(10, TpccMode.SPEC));
    assertThat(late.get("deliveryCompletionPassed")).isEqualTo(false);
    assertThat(lineOf(block(slow, settings(10, TpccMode.SPEC), allPassed()), "delivery done")).contains("FAIL");
  }

  @Test
  void aTypeWithoutTransactionsHasNoVerdict() {
    RunTotals none = totals(MINUTE, type(TpccTransaction.NEW_ORDER, 0, 0, 0, 0),
        type(TpccTransaction.PAYMENT, 0, 0, 0, 0), type(TpccTransaction.ORDER_STATUS, 0, 0, 0, 0),
        type(TpccTransaction.DELIVERY, 0, 0, 0, 0), type(TpccTransaction.STOCK_LEVEL, 0, 0, 0, 0));
    Map<String, Object> f = figures(none, settings(1, TpccMode.SPEC));
    assertThat(map(map(f.get("types")).get("payment"))).containsEntry("mixPassed", null)
        .containsEntry("responsePassed", null).containsEntry("percent", null);
    assertThat(map(map(map(f.get("types")).get("payment")).get("responseMillis"))).containsEntry("p90", null);
    assertThat(f.get("mixPassed")).isEqualTo(true);
    String block = block(none, settings(1, TpccMode.SPEC), allPassed());
    assertThat(lineOf(block, "mix", "payment ")).doesNotContain("FAIL", "pass");
    assertThat(lineOf(block, "response ms", "payment ")).doesNotContain("FAIL", "pass");
  }

  @Test
  void rollbacksRetriesErrorsAndTheInputsSharesAreReported() {
    String block = block(tenMinutes(), settings(10, TpccMode.SPEC), allPassed());
    assertThat(lineOf(block, "rollbacks / retries / errors:")).endsWith("10 / 5 / 1");
    assertThat(lineOf(block, "payments:")).contains("60.00 % by last name", "15.00 % of a customer");
    assertThat(lineOf(block, "order-status:")).contains("56.18 % by last name");
    assertThat(lineOf(block, "order lines:")).contains("9900, 99 supplied", "1.00 %");
    assertThat(lineOf(block, "delivery:")).contains("880 districts delivered, 10 skipped", "in 2 of 89");
    Map<String, Object> f = figures(tenMinutes(), settings(10, TpccMode.SPEC));
    assertThat(f).containsEntry("retries", 5L).containsEntry("errors", 1L).containsEntry("skippedDistricts", 10L);
    assertThat(map(map(f.get("types")).get("newOrder"))).containsEntry("retries", 2L).containsEntry("errors", 1L);
  }

  @Test
  void theKeyingAndThinkTimesAppliedAreReportedBesideTheSpecs() {
    String block = block(tenMinutes(), settings(10, TpccMode.SPEC), allPassed());
    // New-Order: 10 keying times of 18 s; 4 think times of 12 s and 2 s more in all, 12.5 s on average.
    assertThat(lineOf(block, "pauses", "new-order ")).contains("18.0000", "12.5000", "11.9995");
    Map<String, Object> newOrder = map(map(figures(tenMinutes(), settings(10, TpccMode.SPEC)).get("types"))
        .get("newOrder"));
    assertThat((double) newOrder.get("keyingMeanSeconds")).isCloseTo(18.0, within(1e-9));
    assertThat((double) newOrder.get("thinkMeanSeconds")).isCloseTo(12.5, within(1e-9));
    assertThat(newOrder).containsEntry("keyingSpecSeconds", 18).containsEntry("thinkSpecSeconds", 12);
  }

  @Test
  void eachConsistencyCheckShowsItsFourConditions() {
    List<TpccConsistency.Round> checks = List.of(
        new TpccConsistency.Round(List.of(true, true, true, true), List.of(), 2 * S),
        new TpccConsistency.Round(List.of(true, false, true, true), List.of("a", "b", "c"), S));
    String block = block(tenMinutes(), settings(10, TpccMode.SPEC), checks);
    assertThat(lineOf(block, "consistency after the load:")).contains("1 pass, 2 pass, 3 pass, 4 pass; 0 finding");
    assertThat(lineOf(block, "consistency after the run:")).contains("1 pass, 2 FAIL, 3 pass, 4 pass; 3 finding");
    assertThat(lineOf(block, "load:")).isEqualTo("load: 9 tables, 12 s");
    assertThat(lineOf(block, "seed / C:")).contains("7 / load C_LAST 100; run C_LAST 180 (distance 80)");

    TpccSettings reused = new TpccSettings(10, TpccMode.SPEC, true, 7, LoadMode.REUSE, 1);
    Map<String, Object> f = TpccReport.figures(tenMinutes(), reused, LOAD, RUN, counts(990, 10), checks,
        Map.of("rows", 5));
    Map<String, Object> consistency = map(f.get("consistency"));
    assertThat(consistency).containsOnlyKeys("beforeTheRun", "afterTheRun");
    assertThat(map(consistency.get("afterTheRun"))).containsEntry("condition2Passed", false)
        .containsEntry("condition1Passed", true).containsEntry("findings", 3);
    assertThat(f.get("load")).isEqualTo(Map.of("rows", 5));

    TpccSettings unchecked = new TpccSettings(10, TpccMode.SPEC, false, 7, LoadMode.FRESH, 1);
    assertThat(lineOf(TpccReport.block(tenMinutes(), unchecked, LOAD, RUN, counts(990, 10), Collections.emptyList(),
        List.of()), "consistency:")).contains("off (tpcc.check=false)");
  }

  @Test
  void figuresAreNamedInLowerCamelCase() {
    assertThat(TpccReport.camelCase("order-status")).isEqualTo("orderStatus");
    assertThat(TpccReport.camelCase("after the run")).isEqualTo("afterTheRun");
    List<String> keys = new ArrayList<>();
    keys(figures(tenMinutes(), settings(1, TpccMode.SPEC)), keys);
    keys(figures(tenMinutes(), settings(1, TpccMode.THROUGHPUT)), keys);
    assertThat(keys).contains("tpmC", "nopm", "newOrder", "p90", "afterTheLoad", "condition4Passed")
        .allMatch(k -> k.matches("[a-z][A-Za-z0-9]*"));
  }

  private static void keys(Map<String, Object> figures, List<String> keys) {
    figures.forEach((k, v) -> {
      keys.add(k);
      if (v instanceof Map<?, ?>) {
        keys(map(v), keys);
      }
    });
  }
}
