package io.commitbench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads {@code summary.json} by its schema version, so results of older builds stay readable.
 *
 * <p>Accepted: {@code commitbench.summary/1} (written by {@code SummaryJsonWriter}, which
 * documents it). Version 1 grew keys over time ({@code workload}, {@code types}, {@code warmup},
 * {@code server}, {@code commit_breakdown}); a key an older file lacks reads as absent (null, NaN, empty), never as zero, and
 * so does a rate of a run that measured nothing. A
 * file of another schema is refused with both the schema found and the ones this build reads.
 *
 * <pre>
 * RunSummary s = SummaryReader.read(folder.summary());
 * double tps = s.transactionsPerSecond();
 * </pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class SummaryReader {

  /** The schemas this reader understands. */
  public static final Set<String> SCHEMAS = Set.of("commitbench.summary/1");

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private SummaryReader() {}

  /** @throws ResultFormatException when the file is missing, not JSON, or of another schema */
  public static RunSummary read(Path file) throws ResultFormatException {
    JsonNode root;
    try {
      root = MAPPER.readTree(Files.readString(file));
    } catch (IOException e) {
      throw new ResultFormatException("cannot read " + file + ": " + e.getMessage(), e);
    }
    String schema = root == null ? null : root.path("schema").asText(null);
    if (schema == null || !SCHEMAS.contains(schema)) {
      throw new ResultFormatException(file + " has schema " + (schema == null ? "(none)" : "'" + schema + "'")
          + "; this build reads " + String.join(", ", SCHEMAS));
    }
    return v1(root);
  }

  private static RunSummary v1(JsonNode root) {
    JsonNode totals = root.path("totals");
    Map<String, String> config = new TreeMap<>();
    root.path("config").fields().forEachRemaining(e -> config.put(e.getKey(), e.getValue().asText()));
    List<TypeFigures> types = new ArrayList<>();
    root.path("types").fields().forEachRemaining(e -> types.add(new TypeFigures(e.getKey(),
        e.getValue().path("count").asLong(), e.getValue().path("errors").asLong(),
        e.getValue().path("retries").asLong(), latency(e.getValue().path("responseMillis")),
        latency(e.getValue().path("serviceMillis")))));
    Map<String, Latency> kinds = new LinkedHashMap<>();
    root.path("kinds").fields().forEachRemaining(e -> kinds.put(e.getKey(), latency(e.getValue().path("latencyMillis"))));
    JsonNode server = root.path("server");
    JsonNode warmup = root.path("warmup");
    return new RunSummary(root.path("schema").asText(), text(root, "runId"), text(root, "harnessVersion"),
        text(root, "startedAt"), text(root, "outcome"), text(root, "failure"), text(root, "workload"), config,
        number(totals, "measuredSeconds"), totals.path("transactions").asLong(),
        rate(totals, "transactionsPerSecond"), rate(totals, "operationsPerSecond"),
        totals.path("errors").asLong(), totals.path("retries").asLong(), totals.path("shedArrivals").asLong(),
        types, kinds, figures(server.path("counters"), "delta"), figures(server.path("derived"), "value"),
        text(server, "note"), warmup.isObject() ? number(warmup, "transactionsPerSecond") : Double.NaN,
        warmup.path("transactions").asLong(), paper(root.path("paper")), numbers(root.path("workloadFigures")),
        totals.path("ignored").asLong(), root.path("rate").path("missed").isBoolean()
            ? root.path("rate").path("missed").asBoolean() : null, text(server, "reset"),
        CommitBreakdownReader.read(root));
  }

  /** The paper's analysis, when the run had cycles to analyse (a workload without cycles writes zeros and nulls). */
  private static Map<String, Double> paper(JsonNode node) {
    return node.path("cycles").asLong() > 0 ? numbers(node) : Map.of();
  }

  /** Every number under {@code node} by its dotted path, in document order; text and lists are left out. */
  private static Map<String, Double> numbers(JsonNode node) {
    Map<String, Double> numbers = new LinkedHashMap<>();
    collect(node, "", numbers);
    return numbers;
  }

  private static void collect(JsonNode node, String path, Map<String, Double> numbers) {
    if (node.isNumber()) {
      numbers.put(path, node.asDouble());
    } else if (node.isNull() && !path.isEmpty()) {
      numbers.put(path, Double.NaN); // a figure that does not exist: absent, never zero
    } else if (node.isObject()) {
      node.fields().forEachRemaining(e -> collect(e.getValue(), path.isEmpty() ? e.getKey() : path + "." + e.getKey(),
          numbers));
    }
  }

  private static List<ServerFigure> figures(JsonNode node, String valueKey) {
    List<ServerFigure> figures = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode f = e.getValue();
      figures.add(f.hasNonNull("absent") ? new ServerFigure(e.getKey(), Double.NaN, "", f.get("absent").asText())
          : new ServerFigure(e.getKey(), number(f, valueKey), f.path("unit").asText(""), null));
    }
    return figures;
  }

  private static Latency latency(JsonNode node) {
    if (!node.isObject()) {
      return null;
    }
    return new Latency(number(node, "mean"), number(node, "p50"), number(node, "p90"), number(node, "p99"),
        number(node, "p99_9"), number(node, "max"));
  }

  /**
   * A rate over the measured time: NaN, not 0, when nothing was measured (a run killed or failed
   * before its measured window began writes 0 over 0 s).
   */
  private static double rate(JsonNode totals, String key) {
    return number(totals, "measuredSeconds") == 0 ? Double.NaN : number(totals, key);
  }

  private static double number(JsonNode node, String key) {
    JsonNode value = node.path(key);
    return value.isNumber() ? value.asDouble() : Double.NaN;
  }

  private static String text(JsonNode node, String key) {
    JsonNode value = node.path(key);
    return value.isNull() || value.isMissingNode() ? null : value.asText();
  }
}
