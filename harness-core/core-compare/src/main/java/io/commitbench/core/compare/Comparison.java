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
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * Runs and groups side by side: per figure each subject's value (a group's median over its
 * completed runs), its ratio to the first subject's and, where both are groups, whether the
 * difference exceeds the run-to-run noise ({@link NoiseTest}). Sections: the main figures
 * (throughput, percentiles per transaction type), the rate (target, achieved, shed arrivals),
 * the workload's own figures (the paper's analysis, the workload's {@code workloadFigures}), the
 * server's log figures (server-wide: the canonical counters and the derived ones; absent ones
 * are NaN), and the environment facts that differ. What a reader must know before reading a
 * figure comes first, as {@link Warning}s: a run that did not complete, missed its target rate,
 * queued behind its backlog, or shared its server.
 *
 * @param labels what each subject is called in every output, unique ({@link SubjectLabels})
 * @param differences the comparability problems that {@code --force} overrode (empty otherwise)
 * @param swept the keys the subjects differ in as a sweep's points ({@code rate}), allowed without {@code --force}
 */
public record Comparison(List<Subject> subjects, List<String> labels, List<Row> figures, List<Row> rate,
    List<Row> workload, List<Row> server, List<FactRow> environment, List<String> differences, List<String> swept,
    List<Warning> warnings) {

  /** The mark of a server figure of a shared server, and of its ratio and noise verdict. */
  public static final String SHARED = "shared server";
  /** The mark of a response time that is a backlog's. */
  public static final String BACKLOG = "backlog";
  /** The mark of an achieved rate below the target. */
  public static final String MISSED = "missed target";
  /** The mark of a figure of a run that did not complete: what it measured before it ended. */
  public static final String INCOMPLETE = "incomplete run";

  static final String TARGET = "target rate (tx/s)";
  static final String ACHIEVED = "achieved rate (tx/s)";
  static final String ACHIEVED_SHARE = "achieved / target";
  static final String SHED = "shed arrivals";

  /**
   * One figure across the subjects.
   *
   * @param perRun every subject's values, run by run (one value for a run)
   * @param values every subject's value (a group's median)
   * @param ratios value / the first subject's value (the first's is 1)
   * @param verdicts against the first subject (n/a for the first, and unless both are groups)
   * @param marks per subject what a reader must know of its value ({@link #SHARED}, ...), or empty
   */
  public record Row(String name, List<List<Double>> perRun, List<Double> values, List<Double> ratios,
      List<NoiseTest.Verdict> verdicts, List<String> marks) {

    /** Whether the ratio and verdict of subject {@code i} set a shared server's counters against another's. */
    public boolean notJudged(int i) {
      return marks.get(i).equals(SHARED) || marks.get(0).equals(SHARED);
    }
  }

  /** An environment fact ({@code group.name}) with every subject's value. */
  public record FactRow(String fact, List<String> values) {}

  /**
   * What a reader must know of a subject before reading its figures.
   *
   * @param subject the subject's index
   * @param kind {@code outcome}, {@code missed-rate}, {@code backlog} or {@code shared-server}
   */
  public record Warning(int subject, String kind, String text) {}

  public static Comparison of(List<Subject> subjects, List<String> overriddenDifferences) {
    return of(subjects, overriddenDifferences, List.of());
  }

  public static Comparison of(List<Subject> subjects, List<String> overriddenDifferences, List<String> swept) {
    List<String> labels = SubjectLabels.of(subjects);
    List<Boolean> shared = subjects.stream().map(s -> s.counted().stream().anyMatch(r -> SharedServer.of(r).isPresent()))
        .toList();
    List<Boolean> backlogged = subjects.stream()
        .map(s -> s.counted().stream().anyMatch(r -> RateCheck.of(r).backlogged())).toList();
    List<Boolean> missed = subjects.stream().map(s -> s.counted().stream().anyMatch(r -> RateCheck.of(r).missed()))
        .toList();
    List<Boolean> incomplete = subjects.stream()
        .map(s -> s.counted().stream().anyMatch(r -> !"completed".equals(r.outcome()))).toList();
    List<Row> figures = marked(rows(subjects, MainFigures::detailed, true), (row, i) -> joined(
        backlogged.get(i) && row.name().contains(" response ") ? BACKLOG : "", incomplete.get(i) ? INCOMPLETE : ""));
    List<Row> rate = subjects.stream().anyMatch(s -> s.counted().stream().anyMatch(RunSummary::rated))
        ? marked(rateRows(subjects), (row, i) -> joined(missed.get(i) && row.name().equals(ACHIEVED_SHARE) ? MISSED : "",
            incomplete.get(i) && !row.name().equals(TARGET) ? INCOMPLETE : ""))
        : List.of();
    List<Row> workload = marked(present(rows(subjects, Comparison::workloadFigures, true)),
        (row, i) -> incomplete.get(i) ? INCOMPLETE : "");
    List<Row> server = marked(rows(subjects, Comparison::serverFigures, true), (row, i) -> shared.get(i) ? SHARED : "");
    return new Comparison(List.copyOf(subjects), labels, figures, rate, workload, server, environment(subjects),
        List.copyOf(overriddenDifferences), List.copyOf(swept), Warnings.of(subjects, labels));
  }

  private static String joined(String mark, String other) {
    return mark.isEmpty() ? other : other.isEmpty() ? mark : mark + ", " + other;
  }

  /** Whether any subject is a group (then the noise test has something to say). */
  public boolean anyGroup() {
    return subjects.stream().anyMatch(Subject::group);
  }

  /** Whether the subject's server counters are a shared server's. */
  public boolean shared(int subject) {
    return warnings.stream().anyMatch(w -> w.subject() == subject && w.kind().equals(Warnings.SHARED_SERVER));
  }

  /** The target and achieved rates and the shed arrivals; the target is a setting, so it gets no noise verdict. */
  private static List<Row> rateRows(List<Subject> subjects) {
    List<Row> rows = new ArrayList<>();
    rows.addAll(rows(subjects, s -> Map.of(TARGET, RateCheck.of(s).target()), false));
    rows.addAll(rows(subjects, s -> {
      RateCheck r = RateCheck.of(s);
      Map<String, Double> figures = new LinkedHashMap<>();
      figures.put(ACHIEVED, r.achieved());
      figures.put(ACHIEVED_SHARE, r.fraction());
      figures.put(SHED, (double) r.shed());
      return figures;
    }, true));
    return rows;
  }

  /** The paper's analysis and the workload's own figures, named for reading ({@link FigureNames}). */
  private static Map<String, Double> workloadFigures(RunSummary s) {
    Map<String, Double> figures = new LinkedHashMap<>();
    s.paper().forEach((path, v) -> figures.put("paper: " + FigureNames.of(path), v));
    s.workloadFigures().forEach((path, v) -> figures.put("workload: " + FigureNames.of(path), v));
    return figures;
  }

  static List<Row> rows(List<Subject> subjects, Function<RunSummary, Map<String, Double>> figuresOf,
      boolean judged) {
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
        verdicts.add(judged && i > 0 && subjects.get(0).group() && subjects.get(i).group()
            ? NoiseTest.ratio(perRun.get(0), perRun.get(i)) : new NoiseTest.Verdict(Double.NaN, Double.NaN));
      }
      rows.add(new Row(name, perRun, values, ratios, verdicts, values.stream().map(v -> "").toList()));
    }
    return rows;
  }

  /** The rows with each subject's mark; a shared server's counters get no noise verdict. */
  static List<Row> marked(List<Row> rows, BiFunction<Row, Integer, String> markOf) {
    List<Row> result = new ArrayList<>();
    for (Row row : rows) {
      List<String> marks = IntStream.range(0, row.values().size()).mapToObj(i -> markOf.apply(row, i)).toList();
      List<NoiseTest.Verdict> verdicts = IntStream.range(0, row.values().size())
          .mapToObj(i -> marks.get(i).equals(SHARED) || marks.get(0).equals(SHARED)
              ? new NoiseTest.Verdict(Double.NaN, Double.NaN) : row.verdicts().get(i)).toList();
      result.add(new Row(row.name(), row.perRun(), row.values(), row.ratios(), verdicts, marks));
    }
    return result;
  }

  private static List<Row> present(List<Row> rows) {
    return rows.stream().filter(r -> r.values().stream().anyMatch(v -> !Double.isNaN(v))).toList();
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
