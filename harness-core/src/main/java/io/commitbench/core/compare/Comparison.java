package io.commitbench.core.compare;

import io.commitbench.core.group.Spread;
import io.commitbench.core.report.html.EnvironmentFacts;
import io.commitbench.core.results.MainFigures;
import io.commitbench.core.results.ResultFormatException;
import io.commitbench.core.results.RunFolder;
import io.commitbench.core.results.RunSummary;
import io.commitbench.core.results.ServerFigure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Runs and groups side by side: per figure each subject's value (a group's median over its
 * completed runs), its ratio to the first subject's and, where both are groups, whether the
 * difference exceeds the run-to-run noise ({@link NoiseTest}). Sections: the main figures
 * (throughput, percentiles per transaction type), the server's log figures (the canonical
 * counters and the derived ones; absent ones are NaN), and the environment facts that differ.
 *
 * @param differences the comparability problems that {@code --force} overrode (empty otherwise)
 */
public record Comparison(List<Subject> subjects, List<Row> figures, List<Row> server, List<FactRow> environment,
    List<String> differences) {

  /**
   * One figure across the subjects.
   *
   * @param perRun every subject's values, run by run (one value for a run)
   * @param values every subject's value (a group's median)
   * @param ratios value / the first subject's value (the first's is 1)
   * @param verdicts against the first subject (n/a for the first, and unless both are groups)
   */
  public record Row(String name, List<List<Double>> perRun, List<Double> values, List<Double> ratios,
      List<NoiseTest.Verdict> verdicts) {}

  /** An environment fact ({@code group.name}) with every subject's value. */
  public record FactRow(String fact, List<String> values) {}

  public static Comparison of(List<Subject> subjects, List<String> overriddenDifferences) {
    List<Row> figures = rows(subjects, MainFigures::detailed);
    List<Row> server = rows(subjects, Comparison::serverFigures);
    return new Comparison(List.copyOf(subjects), figures, server, environment(subjects),
        List.copyOf(overriddenDifferences));
  }

  /** Whether any subject is a group (then the noise test has something to say). */
  public boolean anyGroup() {
    return subjects.stream().anyMatch(Subject::group);
  }

  private static List<Row> rows(List<Subject> subjects, Function<RunSummary, Map<String, Double>> figuresOf) {
    Set<String> names = new LinkedHashSet<>();
    List<List<Map<String, Double>>> perSubject = new ArrayList<>();
    for (Subject s : subjects) {
      List<Map<String, Double>> runs = s.counted().stream().map(figuresOf).toList();
      runs.forEach(r -> names.addAll(r.keySet()));
      perSubject.add(runs);
    }
    List<Row> rows = new ArrayList<>();
    for (String name : names) {
      List<List<Double>> perRun = new ArrayList<>();
      List<Double> values = new ArrayList<>();
      for (List<Map<String, Double>> runs : perSubject) {
        List<Double> v = runs.stream().map(r -> r.getOrDefault(name, Double.NaN)).toList();
        perRun.add(v);
        values.add(Spread.of(v).median());
      }
      List<Double> ratios = new ArrayList<>();
      List<NoiseTest.Verdict> verdicts = new ArrayList<>();
      for (int i = 0; i < values.size(); i++) {
        ratios.add(values.get(i) / values.get(0));
        verdicts.add(i > 0 && subjects.get(0).group() && subjects.get(i).group()
            ? NoiseTest.ratio(perRun.get(0), perRun.get(i)) : new NoiseTest.Verdict(Double.NaN, Double.NaN));
      }
      rows.add(new Row(name, perRun, values, ratios, verdicts));
    }
    return rows;
  }

  /** The server's canonical log counters (names without a product prefix) and the derived figures. */
  private static Map<String, Double> serverFigures(RunSummary s) {
    Map<String, Double> figures = new LinkedHashMap<>();
    for (ServerFigure f : s.serverCounters()) {
      if (!f.name().contains(".")) {
        figures.put("server " + f.name() + unit(f), f.present() ? f.value() : Double.NaN);
      }
    }
    for (ServerFigure f : s.serverDerived()) {
      figures.put("server " + f.name() + unit(f), f.present() ? f.value() : Double.NaN);
    }
    return figures;
  }

  private static String unit(ServerFigure f) {
    return f.unit() == null || f.unit().isEmpty() || f.unit().equals("count") ? "" : " (" + f.unit() + ")";
  }

  private static List<FactRow> environment(List<Subject> subjects) {
    List<Map<String, String>> facts = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>();
    for (Subject s : subjects) {
      Map<String, String> f = new LinkedHashMap<>();
      try {
        EnvironmentFacts.read(new RunFolder(s.runFolders().get(0)).environment())
            .forEach(r -> f.put(r.group() + "." + r.name(), r.value()));
      } catch (ResultFormatException e) {
        f.put("environment.json", "unreadable: " + e.getMessage());
      }
      names.addAll(f.keySet());
      facts.add(f);
    }
    List<FactRow> rows = new ArrayList<>();
    for (String name : names) {
      List<String> values = facts.stream().map(f -> f.getOrDefault(name, "(none)")).toList();
      if (values.stream().anyMatch(v -> !Objects.equals(v, values.get(0)))) {
        rows.add(new FactRow(name, values));
      }
    }
    return rows;
  }
}
