package io.commitbench.core.group;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.io.AtomicFiles;
import io.commitbench.core.results.MainFigures;
import io.commitbench.core.results.RunSummary;
import io.commitbench.core.results.SummaryReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The summary of a group of runs: per main figure ({@link MainFigures#of}) its {@link Spread}
 * over the runs that completed (a failed or interrupted run's figures are of a different
 * measurement and are listed, not counted). Written as {@code group.json} and {@code group.txt}.
 *
 * <p>{@code group.json}, schema {@code commitbench.group/2}:
 * <pre>
 * { "schema": "commitbench.group/2", "group": folder name,
 *   "runs": [ { "folder": "run-1", "runId": ..., "outcome": "completed", "counted": true }, ... ],
 *   "counted": number of completed runs,
 *   "interval": {@link Spread#METHOD},
 *   "figures": { "throughput (tx/s)": { "n", "median", "min", "max", "mean", "geometricMean", "ciLow",
 *                                       "ciHigh", "note", "values": [ ... ] }, ... } }   // NaN as null
 * </pre>
 * A figure without an interval has {@code ciLow} and {@code ciHigh} null and says why in {@code
 * note} (fewer than 3 runs); a rough one says so there too. A sweep's {@code group.json} is {@link
 * SweepSummary}'s.
 *
 * @param runs the folder name and summary of every run, in run order
 * @param figures per main figure, its spread over the completed runs
 */
public record GroupSummary(String group, List<Map.Entry<String, RunSummary>> runs, Map<String, Spread> figures) {

  public static final String SCHEMA = "commitbench.group/2";
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** Reads the summaries of the group's runs and summarizes them. */
  public static GroupSummary of(Path groupDirectory) throws IOException {
    List<Map.Entry<String, RunSummary>> runs = new ArrayList<>();
    for (Path member : GroupFolder.members(groupDirectory)) {
      runs.add(Map.entry(member.getFileName().toString(), SummaryReader.read(member.resolve("summary.json"))));
    }
    return of(groupDirectory.getFileName().toString(), runs);
  }

  public static GroupSummary of(String group, List<Map.Entry<String, RunSummary>> runs) {
    Map<String, List<Double>> values = new LinkedHashMap<>();
    for (Map.Entry<String, RunSummary> run : runs) {
      if (counted(run.getValue())) {
        MainFigures.of(run.getValue()).forEach((name, v) -> values.computeIfAbsent(name, k -> new ArrayList<>()).add(v));
      }
    }
    Map<String, Spread> figures = new LinkedHashMap<>();
    values.forEach((name, v) -> figures.put(name, Spread.of(v)));
    return new GroupSummary(group, List.copyOf(runs), figures);
  }

  public static boolean counted(RunSummary s) {
    return "completed".equals(s.outcome());
  }

  public long countedRuns() {
    return runs.stream().filter(r -> counted(r.getValue())).count();
  }

  /** Writes group.json and group.txt into {@code directory}, each atomically. */
  public void write(Path directory) throws IOException {
    AtomicFiles.write(directory.resolve(GroupFolder.JSON), MAPPER.writeValueAsBytes(json()));
    AtomicFiles.write(directory.resolve(GroupFolder.TEXT), text().getBytes(StandardCharsets.UTF_8));
  }

  ObjectNode json() {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("group", group);
    fill(root);
    return root;
  }

  /** The runs, the count and the figures, into {@code node}: a group's file, or one value's entry of a sweep's. */
  void fill(ObjectNode node) {
    ArrayNode list = node.putArray("runs");
    for (Map.Entry<String, RunSummary> run : runs) {
      ObjectNode r = list.addObject();
      r.put("folder", run.getKey());
      r.put("runId", run.getValue().runId());
      r.put("outcome", run.getValue().outcome());
      r.put("counted", counted(run.getValue()));
    }
    node.put("counted", countedRuns());
    node.put("interval", Spread.METHOD);
    ObjectNode figuresNode = node.putObject("figures");
    figures.forEach((name, s) -> {
      ObjectNode f = figuresNode.putObject(name);
      f.put("n", s.n());
      number(f, "median", s.median());
      number(f, "min", s.min());
      number(f, "max", s.max());
      number(f, "mean", s.mean());
      number(f, "geometricMean", s.geometricMean());
      number(f, "ciLow", s.ciLow());
      number(f, "ciHigh", s.ciHigh());
      if (s.note() == null) {
        f.putNull("note");
      } else {
        f.put("note", s.note());
      }
      ArrayNode v = f.putArray("values");
      s.values().forEach(v::add);
    });
  }

  /** The text form: which runs counted, one line per figure, then each run's commit breakdown when one has it. */
  public String text() {
    StringBuilder b = new StringBuilder("##### Group " + group + ": " + runs.size() + " runs, " + countedRuns()
        + " completed and counted #####\n");
    for (Map.Entry<String, RunSummary> run : runs) {
      b.append(String.format(Locale.ROOT, "%-8s %-11s %s", run.getKey(), run.getValue().outcome(),
          counted(run.getValue()) ? "" : "(not counted)").stripTrailing()).append('\n');
    }
    b.append("Interval: ").append(Spread.METHOD).append('\n');
    int width = figures.keySet().stream().mapToInt(String::length).max().orElse(6);
    b.append(String.format(Locale.ROOT, "%-" + width + "s %3s %12s %12s %12s %12s %27s  %s%n", "figure", "n", "median",
        "min", "max", "geo. mean", "95% interval", "note"));
    figures.forEach((name, s) -> b.append(String.format(Locale.ROOT, "%-" + width + "s %3d %12s %12s %12s %12s %27s  %s%n",
        name, s.n(), fixed(s.median()), fixed(s.min()), fixed(s.max()), fixed(s.geometricMean()), s.intervalText(),
        s.note() == null ? "" : s.note()).stripTrailing() + "\n"));
    b.append(GroupBreakdownSection.of(this).text());
    return b.append("#####\n").toString();
  }

  static String fixed(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
  }

  static void number(ObjectNode node, String key, double v) {
    if (Double.isFinite(v)) {
      node.put(key, v);
    } else {
      node.putNull(key);
    }
  }
}
