package io.commitbench.core.report;

import io.commitbench.core.companion.CompanionReport;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.key.Redaction;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.measure.CycleTimes;
import io.commitbench.core.measure.KindTotals;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.PaperAnalysis;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.measure.TypeTotals;
import io.commitbench.core.server.ActivityFigure;
import io.commitbench.core.server.LogActivity;
import io.commitbench.core.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code summary.json}, the machine-readable result of one run, for scripts that compare
 * runs (HDD against SSD redo logs, one storage setup against another).
 *
 * <p>Format {@code commitbench.summary/1}: a pretty-printed UTF-8 JSON object whose keys always
 * appear in this order, every key always present. Times are ISO-8601 UTC instants; durations
 * and latencies are milliseconds unless the key says otherwise; a figure that does not exist
 * (NaN, infinite, or a latency of a kind that never succeeded) is {@code null}, never a string.
 *
 * <pre>
 * {
 *   "schema": "commitbench.summary/1",   // changes only when a key changes meaning or goes away
 *   "runId": "...", "harnessVersion": "...",
 *   "startedAt": "2025-01-01T10:00:00Z", "endedAt": "...",
 *   "outcome": "completed" | "interrupted" | "failed" | "running",  // running: written while the
 *                                                // run measures, about once a minute (endedAt is
 *                                                // then the time of writing); a killed run leaves it
 *   "failure": one line (credentials redacted), or null when completed,
 *   "usersMode": "db-users" | "shared",          // what users.mode resolved to
 *   "config": { key: value, ... },               // the effective configuration, sorted, no secrets
 *   "paper": { "overallMillis", "averageOverallMillis", "averageActorMillis",
 *              "averageActorInsertMillis", "averageActorSelectMillis",
 *              "averageActorUpdateMillis", "averageActorDeleteMillis",
 *              "cycles", "actorCycles" },          // see {@link PaperAnalysis}
 *   "cycles": [ { "cycle": 1, "millis": 10.8 }, ... ],
 *   "totals": { "measuredSeconds", "operations", "operationsPerSecond", "transactions",
 *               "transactionsPerSecond", "errors", "transactionErrors", "ignored", "retries",
 *               "shedArrivals", "reconnects", "errorsByClass": { "deadlock": 0, ... every error class },
 *               "ignoredByClass": { ... every error class },  // failures the workload ignored:
 *                                              // each attempt started again, none among "errors"
 *               "clientCpuSeconds", "clientCpuMicrosPerTransaction" },  // the JVM's CPU over the
 *                                                                       // measurement, or null
 *   "kinds": { "insert" | "select" | "update" | "delete" | "commit":
 *              { "count", "errors", "errorsByClass": { ... every error class },
 *                "latencyMillis": { "mean", "p50", "p90", "p99", "p99_9", "max" } or null } },
 *   "workload": "paper" | "commit" | ...,        // absent from the oldest v1 files
 *   "workloadFigures": { ... },                  // the workload's own figures, when it has any (at
 *                                                // the end, not while running): the OLTP workloads'
 *                                                // sysbench-style queries read/write/other, tx/s, p95/p99
 *   "types": { TYPE: { "count", "errors", "ignored", "retries", "errorsByClass": { ... },
 *                      "ignoredByClass": { ... },
 *                      "responseMillis": {...} or null,   // from the intended start
 *                      "serviceMillis": {...} or null,    // from the actual start
 *                      "lagMillis": {...} or null } },    // actual minus intended start
 *   "warmup": { the keys of "totals" } or null,  // the warm-up, excluded from everything else
 *   "rate": { "target", "achieved",              // tx/s: rate, and the successful transactions
 *             "tolerancePercent", "shortfallPercent",   // per second of the measured window
 *             "missed": true | false,            // fell short by more than rate.tolerance
 *             "fails": true | false } or null,   // rate.miss.fail; null for a closed loop
 *   "server": {                                  // the database's view; absent from old v1 files
 *     "before": instant or null, "after": instant or null,   // when the counters were read
 *     "note": why there are no counters at all (not read, none offered), or null,
 *     "window": "measured" | "run",              // the differences cover the measured window (read
 *                                                // as the warm-up ended), or the whole run, warm-up
 *     "windowNote": why they cover the whole run, or null,   // included, when that reading is missing
 *     "reset": why counters started again from zero during the run (the server restarted, a view
 *              was reset, a counter went down), or null; those counters are absent with the reason,
 *     "counters": { name: { "delta": number, "unit": "count" | "bytes" | "ms" | ... }
 *                         or { "absent": "reason" }, ... },
 *     "derived":  { name: { "value": number, "unit": "ms" | "bytes" | "ratio" }
 *                         or { "absent": "reason" }, ... } },
 *   "commit_breakdown": {                        // where the commits' time went (docs/commit-breakdown.md)
 *     "measured": true | false, "reason": why not, or "",
 *     "commits", "client_commit_mean_ms", "client_commit_p50_ms", "client_commit_p99_ms", "client_source",
 *     "parts": [ { "name", "mean_ms", "p50_ms"?, "p99_ms"?, "source" } ],   // in the report's order
 *     "parts_sum_ms", "difference_ms",           // client mean minus the parts' sum
 *     "unmeasured": [ { "name", "reason" } ], "cross_checks": [ part ],
 *     "log_io": [ { "operation", "file_class", "count", "mean_ms", "p50_ms", "p99_ms", "source" } ],
 *     "cost": [ line ] },                        // what each source itself cost
 *   "companions": { NAME: { ... }, ... },        // each companion's figures
 *   "leftovers": [ { "object": "table cb_1" | "user cb_u1",   // what the run created and its
 *                    "reason": one line,          // cleanup did not drop, from the run's own list
 *                    "drop": [ SQL, ... ] } ]    // (also when the server was lost); the statements
 *                                                // to run as db.user; empty when nothing was left
 * }
 * </pre>
 *
 * <p>{@code server} holds the difference of the server's own log counters over the measured
 * window: from the reading as the warm-up ended (without a warm-up, just before the first cycle)
 * to the one after the last cycle (see {@link LogActivity}). {@code counters} always starts
 * with the six canonical names ({@code commits}, {@code log_bytes}, {@code log_writes}, {@code
 * log_syncs}, {@code log_write_time_ms}, {@code log_sync_time_ms}), then the product's own
 * counters (e.g. {@code pg_stat_wal.wal_records}), which differ by database. {@code derived}
 * always has {@code log_sync_ms_per_commit}, {@code log_sync_ms_per_sync}, {@code
 * log_bytes_per_commit}, {@code commits_per_log_write} and {@code commits_per_log_sync}. A counter
 * the database does not have is absent with the reason, never 0. Server counters are global:
 * other sessions on the server count too.
 *
 * <p>{@code operations} counts successful DML statements (commits not included); latencies are
 * of successful operations, percentiles as HdrHistogram reports them (the highest value
 * equivalent to the percentile). The file is written to a temporary file in the same directory,
 * forced to disk and renamed over {@code summary.json}, so readers never see half a file.
 * Stateless and thread-safe.
 */
public final class SummaryJsonWriter {

  /** The value of the first key, {@code schema}. */
  public static final String SCHEMA = "commitbench.summary/1";

  /**
   * Doubles are written by Jackson's own shortest-decimal writer (Schubfach), not by {@link
   * Double#toString}: the summary kept up to date while a run measures ({@link #replaceVolatile})
   * is written while the actors work, and Double.toString's FloatingDecimal is so large that its
   * compilation by C2 costs a compiler thread a long stretch inside the measured window, CPU a
   * plain loop does not spend. Both write a decimal that reads back as the same double;
   * Jackson's is always the shortest, the JDK's (before JDK 19) now and then a digit longer.
   */
  private static final ObjectMapper MAPPER = new ObjectMapper(
      JsonFactory.builder().enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER).build())
      .enable(SerializationFeature.INDENT_OUTPUT);
  private static final double NANOS_PER_MILLI = 1_000_000.0;

  private SummaryJsonWriter() {}

  /** Writes (or replaces) {@code file} atomically, forced to disk. */
  public static void write(RunResult r, Path file) throws IOException {
    write(r, file, java.util.Map.of());
  }

  /**
   * Writes (or replaces) {@code file} atomically, forced to disk, with the workload's own figures
   * under {@code workloadFigures} (omitted when empty).
   */
  public static void write(RunResult r, Path file, java.util.Map<String, Object> workloadFigures) throws IOException {
    write(r, file, workloadFigures, List.of());
  }

  /**
   * Writes (or replaces) {@code file} atomically, forced to disk, with the workload's own figures
   * and what the run left on the server ({@code leftovers}).
   */
  public static void write(RunResult r, Path file, java.util.Map<String, Object> workloadFigures,
      List<Leftover> leftovers) throws IOException {
    ObjectNode root = toJson(r, leftovers);
    if (!workloadFigures.isEmpty()) {
      root.set("workloadFigures", MAPPER.valueToTree(workloadFigures));
    }
    AtomicFiles.write(file, MAPPER.writeValueAsBytes(root));
  }

  /**
   * Replaces {@code file} atomically without forcing it to disk ({@link
   * AtomicFiles#replaceVolatile}): for the summary kept up to date while a run measures.
   */
  public static void replaceVolatile(RunResult r, Path file) throws IOException {
    AtomicFiles.replaceVolatile(file, MAPPER.writeValueAsBytes(toJson(r, List.of())));
  }

  /** The document as a tree, in key order, with nothing left on the server. */
  static ObjectNode toJson(RunResult r) {
    return toJson(r, List.of());
  }

  /** The document as a tree, in key order. */
  static ObjectNode toJson(RunResult r, List<Leftover> leftovers) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("runId", r.runId());
    root.put("harnessVersion", r.harnessVersion());
    root.put("startedAt", r.startedAt().toString());
    root.put("endedAt", r.endedAt().toString());
    root.put("outcome", r.outcome().label());
    // The reason often quotes a driver message, which may quote the URL.
    root.put("failure", r.failure() == null || r.failure().isEmpty() ? null : Redaction.url(r.failure()));
    root.put("usersMode", r.usersModeUsed());
    ObjectNode config = root.putObject("config");
    r.config().effective().forEach(config::put);
    paper(root.putObject("paper"), PaperAnalysis.of(r.cycles(), r.actorCycles()));
    ArrayNode cycles = root.putArray("cycles");
    for (CycleTimes c : r.cycles()) {
      ObjectNode cycle = cycles.addObject();
      cycle.put("cycle", c.cycle());
      number(cycle, "millis", c.nanos() / NANOS_PER_MILLI);
    }
    totals(root.putObject("totals"), r.totals());
    if (r.clientCpuNanos() >= 0) {
      number(root.with("totals"), "clientCpuSeconds", r.clientCpuNanos() / 1e9);
      number(root.with("totals"), "clientCpuMicrosPerTransaction", r.clientCpuMicrosPerTransaction());
    } else {
      root.with("totals").putNull("clientCpuSeconds");
      root.with("totals").putNull("clientCpuMicrosPerTransaction");
    }
    ObjectNode kinds = root.putObject("kinds");
    for (OperationKind kind : OperationKind.values()) {
      kind(kinds.putObject(kind.label()), r.totals().kind(kind));
    }
    root.put("workload", r.config().workload());
    ObjectNode types = root.putObject("types");
    for (TypeTotals type : r.totals().types()) {
      type(types.putObject(type.name()), type);
    }
    if (r.hadWarmup()) {
      ObjectNode warmup = root.putObject("warmup");
      totals(warmup, r.warmup());
    } else {
      root.putNull("warmup");
    }
    RateVerdict.of(r.config().runControl(), r.config().users(), r.totals())
        .ifPresentOrElse(v -> rate(root.putObject("rate"), v), () -> root.putNull("rate"));
    server(root.putObject("server"), r.logActivity());
    CommitBreakdownJson.write(root.putObject("commit_breakdown"), r.commitBreakdown());
    ObjectNode companions = root.putObject("companions");
    for (CompanionReport c : r.companions()) {
      companions.set(c.name(), MAPPER.valueToTree(c.figures()));
    }
    ArrayNode left = root.putArray("leftovers");
    for (Leftover leftover : leftovers) {
      ObjectNode object = left.addObject();
      object.put("object", leftover.what());
      // The reason may quote a driver message, which may quote the URL.
      object.put("reason", Redaction.url(leftover.reason()));
      ArrayNode drop = object.putArray("drop");
      leftover.removal().forEach(drop::add);
    }
    return root;
  }

  private static void rate(ObjectNode node, RateVerdict v) {
    node.put("target", v.target());
    number(node, "achieved", v.achieved());
    node.put("tolerancePercent", v.tolerancePercent());
    number(node, "shortfallPercent", v.shortfallPercent());
    node.put("missed", v.missed());
    node.put("fails", v.fails());
  }

  private static void server(ObjectNode node, LogActivity a) {
    node.put("before", a.before() == null ? null : a.before().toString());
    node.put("after", a.after() == null ? null : a.after().toString());
    node.put("note", a.note().isEmpty() ? null : a.note());
    node.put("window", a.window().label());
    node.put("windowNote", a.windowNote().isEmpty() ? null : a.windowNote());
    node.put("reset", a.reset().isEmpty() ? null : a.reset());
    figures(node.putObject("counters"), a.counters(), "delta");
    figures(node.putObject("derived"), a.derived(), "value");
  }

  private static void figures(ObjectNode node, List<ActivityFigure> figures, String valueKey) {
    for (ActivityFigure f : figures) {
      ObjectNode figure = node.putObject(f.name());
      if (f.present()) {
        double v = f.value();
        if (valueKey.equals("delta") && v == Math.rint(v) && Math.abs(v) < 1e15) {
          figure.put(valueKey, (long) v); // counts and bytes read as whole numbers
        } else {
          number(figure, valueKey, v);
        }
        figure.put("unit", f.unit());
      } else {
        figure.put("absent", f.absentReason());
      }
    }
  }

  private static void paper(ObjectNode node, PaperAnalysis a) {
    number(node, "overallMillis", a.overallMillis());
    number(node, "averageOverallMillis", a.averageOverallMillis());
    number(node, "averageActorMillis", a.averageActorMillis());
    number(node, "averageActorInsertMillis", a.averageActorInsertMillis());
    number(node, "averageActorSelectMillis", a.averageActorSelectMillis());
    number(node, "averageActorUpdateMillis", a.averageActorUpdateMillis());
    number(node, "averageActorDeleteMillis", a.averageActorDeleteMillis());
    node.put("cycles", a.cycles());
    node.put("actorCycles", a.actorCycles());
  }

  private static void totals(ObjectNode node, RunTotals t) {
    number(node, "measuredSeconds", t.measuredNanos() / 1e9);
    node.put("operations", t.operations());
    number(node, "operationsPerSecond", t.operationsPerSecond());
    node.put("transactions", t.transactions());
    number(node, "transactionsPerSecond", t.transactionsPerSecond());
    node.put("errors", t.errors());
    node.put("transactionErrors", t.transactionErrors());
    node.put("ignored", t.ignored());
    node.put("retries", t.retries());
    node.put("shedArrivals", t.shedArrivals());
    node.put("reconnects", t.reconnects());
    errorsByClass(node.putObject("errorsByClass"), t.errorsByClass());
    errorsByClass(node.putObject("ignoredByClass"), t.ignoredByClass());
  }

  private static void kind(ObjectNode node, KindTotals k) {
    node.put("count", k.count());
    node.put("errors", k.errorCount());
    errorsByClass(node.putObject("errorsByClass"), k.errors());
    latency(node, "latencyMillis", k.latencyNanos());
  }

  private static void type(ObjectNode node, TypeTotals t) {
    node.put("count", t.count());
    node.put("errors", t.errorCount());
    node.put("ignored", t.ignoredCount());
    node.put("retries", t.retries());
    errorsByClass(node.putObject("errorsByClass"), t.errors());
    errorsByClass(node.putObject("ignoredByClass"), t.ignored());
    latency(node, "responseMillis", t.responseNanos());
    latency(node, "serviceMillis", t.serviceNanos());
    latency(node, "lagMillis", t.lagNanos());
  }

  /** A histogram's figures in milliseconds, or null when it holds no value. */
  private static void latency(ObjectNode node, String key, org.HdrHistogram.Histogram nanos) {
    ReportText.Latency l = ReportText.Latency.of(nanos);
    if (l == null) {
      node.putNull(key);
      return;
    }
    ObjectNode latency = node.putObject(key);
    number(latency, "mean", l.mean());
    number(latency, "p50", l.p50());
    number(latency, "p90", l.p90());
    number(latency, "p99", l.p99());
    number(latency, "p99_9", l.p999());
    number(latency, "max", l.max());
  }

  /** Every class, zeros included, so a reader never has to tell "absent" from "none". */
  private static void errorsByClass(ObjectNode node, Map<ErrorClass, Long> byClass) {
    for (ErrorClass c : ErrorClass.values()) {
      node.put(c.label(), byClass.getOrDefault(c, 0L));
    }
  }

  /** JSON has no NaN or infinity; Jackson would write them as bare tokens no parser accepts. */
  private static void number(ObjectNode node, String key, double value) {
    if (Double.isFinite(value)) {
      node.put(key, value);
    } else {
      node.putNull(key);
    }
  }
}
