package io.commitbench.core.group;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.io.AtomicFiles;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.results.RunFolder;
import io.commitbench.core.results.RunSummary;
import io.commitbench.core.results.SummaryReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The summary of a sweep ({@code sweep.key}): per value, the {@link GroupSummary} of its runs (one,
 * or {@code runs} of them). Figures are never pooled over values: each value is a measurement of
 * its own. Written as the sweep folder's {@code group.json} and {@code group.txt}.
 *
 * <p>{@code group.json}, schema {@code commitbench.group/2}:
 * <pre>
 * { "schema": "commitbench.group/2", "group": folder name,
 *   "sweep": { "key": "rate", "values": [ "100", "200", ... ] },
 *   "counted": completed runs over all values, "interval": {@link Spread#METHOD},
 *   "points": [ { "value": "100", "folder": "rate=100", "runs": [ ... ], "counted": ..., "figures": { ... } },
 *               ... ] }     // runs and figures as in a group's file; a value that did not run has no runs
 * </pre>
 *
 * @param key the swept key
 * @param points one per value, in the sweep's order
 */
public record SweepSummary(String group, String key, List<Point> points) {

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /**
   * One value of the sweep.
   *
   * @param folder its folder's name, {@code KEY=VALUE}
   * @param runs the summary of its runs (none when it did not run)
   */
  public record Point(String value, String folder, GroupSummary runs) {}

  public SweepSummary {
    points = List.copyOf(points);
  }

  /**
   * Reads the sweep's folder: its values' folders, ordered as the runs' {@code sweep.values} lists
   * them; a listed value without a folder is a point that did not run.
   */
  public static SweepSummary of(Path directory) throws IOException {
    String key = null;
    List<String> order = new ArrayList<>();
    List<Point> found = new ArrayList<>();
    for (Path folder : GroupFolder.points(directory)) {
      String name = folder.getFileName().toString();
      List<Map.Entry<String, RunSummary>> runs = new ArrayList<>();
      if (new RunFolder(folder).isRun()) {
        runs.add(Map.entry(name, SummaryReader.read(new RunFolder(folder).summary())));
      } else {
        for (Path member : GroupFolder.members(folder)) {
          runs.add(Map.entry(member.getFileName().toString(), SummaryReader.read(new RunFolder(member).summary())));
        }
      }
      Map<String, String> config = runs.get(0).getValue().config();
      if (key == null) {
        key = config.getOrDefault(ParameterKeys.SWEEP_KEY, name.substring(0, name.indexOf('=')));
        String listed = config.get(ParameterKeys.SWEEP_VALUES);
        if (listed != null) {
          Arrays.stream(listed.split(",")).map(String::trim).forEach(order::add);
        }
      }
      found.add(new Point(name.substring(name.indexOf('=') + 1), name, GroupSummary.of(name, runs)));
    }
    if (key == null) {
      throw new IOException(directory + " has no KEY=VALUE folder of a run or a group: it is not a sweep's");
    }
    Set<String> values = new LinkedHashSet<>(order);
    found.forEach(p -> values.add(p.value()));
    List<Point> points = new ArrayList<>();
    for (String value : values) {
      String folder = key + "=" + value;
      points.add(found.stream().filter(p -> p.value().equals(value)).findFirst()
          .orElse(new Point(value, folder, GroupSummary.of(folder, List.of()))));
    }
    return new SweepSummary(directory.getFileName().toString(), key, points);
  }

  public List<String> values() {
    return points.stream().map(Point::value).toList();
  }

  public long runs() {
    return points.stream().mapToLong(p -> p.runs().runs().size()).sum();
  }

  public long countedRuns() {
    return points.stream().mapToLong(p -> p.runs().countedRuns()).sum();
  }

  /** The names of the figures, in the order of the first value that has them. */
  public List<String> figureNames() {
    Set<String> names = new LinkedHashSet<>();
    points.forEach(p -> names.addAll(p.runs().figures().keySet()));
    return List.copyOf(names);
  }

  /** Writes group.json and group.txt into {@code directory}, each atomically. */
  public void write(Path directory) throws IOException {
    AtomicFiles.write(directory.resolve(GroupFolder.JSON), MAPPER.writeValueAsBytes(json()));
    AtomicFiles.write(directory.resolve(GroupFolder.TEXT), text().getBytes(StandardCharsets.UTF_8));
  }

  ObjectNode json() {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", GroupSummary.SCHEMA);
    root.put("group", group);
    ObjectNode sweep = root.putObject("sweep");
    sweep.put("key", key);
    ArrayNode values = sweep.putArray("values");
    values().forEach(values::add);
    root.put("counted", countedRuns());
    root.put("interval", Spread.METHOD);
    ArrayNode list = root.putArray("points");
    for (Point p : points) {
      ObjectNode node = list.addObject();
      node.put("value", p.value());
      node.put("folder", p.folder());
      p.runs().fill(node);
    }
    return root;
  }

  /**
   * The text form: each value's runs, a line per figure with each value's median, then the
   * medians of the commit breakdown's figures per value when a value has one.
   */
  public String text() {
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
        "##### Sweep %s: %s over %s; %d runs, %d completed and counted #####%n", group, key,
        String.join(", ", values()), runs(), countedRuns()));
    for (Point p : points) {
      if (p.runs().runs().isEmpty()) {
        b.append(String.format(Locale.ROOT, "%-16s not run%n", p.folder()));
      }
      for (Map.Entry<String, RunSummary> run : p.runs().runs()) {
        String folder = run.getKey().equals(p.folder()) ? p.folder() : p.folder() + "/" + run.getKey();
        b.append(String.format(Locale.ROOT, "%-16s %-11s %s%n", folder, run.getValue().outcome(),
            GroupSummary.counted(run.getValue()) ? "" : "(not counted)").stripTrailing()).append('\n');
      }
    }
    List<String> names = figureNames();
    int width = Math.max(names.stream().mapToInt(String::length).max().orElse(6), "figure (median)".length());
    int column = Math.max(12, points.stream().mapToInt(p -> p.folder().length()).max().orElse(0));
    b.append(String.format(Locale.ROOT, "%-" + width + "s", "figure (median)"));
    points.forEach(p -> b.append(String.format(Locale.ROOT, " %" + column + "s", p.folder())));
    b.append('\n');
    for (String name : names) {
      b.append(String.format(Locale.ROOT, "%-" + width + "s", name));
      for (Point p : points) {
        Spread s = p.runs().figures().get(name);
        b.append(String.format(Locale.ROOT, " %" + column + "s", s == null ? "-" : GroupSummary.fixed(s.median())));
      }
      b.append('\n');
    }
    if (points.stream().anyMatch(p -> p.runs().runs().size() > 1)) {
      b.append("Each value's range and interval: its folder's group.txt.\n");
    }
    b.append(GroupBreakdownSection.of(this).text());
    return b.append("#####\n").toString();
  }
}
