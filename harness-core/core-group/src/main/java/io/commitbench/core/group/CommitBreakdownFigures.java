package io.commitbench.core.group;

import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.report.html.CommitBreakdownChart;
import io.commitbench.core.results.CommitBreakdownView;
import io.commitbench.core.results.RunSummary;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Runs' commit breakdowns as figures in milliseconds: the client's mean commit time, each part's
 * mean, the parts' sum and the client's mean minus it, NaN where a run has none. Several runs
 * (a group's, a sweep value's, a compared subject's) give each figure's median over them ({@link
 * Spread}), figure by figure: the medians of the sum and the difference are those of the runs'
 * own, so they need not add up to the parts' medians. Shared by the group's and sweep's pages and
 * compare, so they all name, order and reduce the parts alike.
 */
public final class CommitBreakdownFigures {

  public static final String CLIENT = "client's commit (ms)";
  public static final String SUM = "parts' sum (ms)";
  public static final String DIFFERENCE = "client minus parts (ms)";
  /** The cell of a part the runs list as not measured. */
  public static final String UNMEASURED = "unmeasured";
  private static final String MS = " (ms)";

  private CommitBreakdownFigures() {}

  public static boolean measured(RunSummary r) {
    return r.commitBreakdown().map(CommitBreakdownView::measured).orElse(false);
  }

  /**
   * The parts the runs' measured breakdowns name: the known ones (and those measured) in the
   * report's order ({@link CommitBreakdownChart#order}), then parts only listed as not measured.
   */
  public static List<String> parts(Collection<RunSummary> runs) {
    Set<String> names = new LinkedHashSet<>();
    Set<String> unmeasuredOnly = new LinkedHashSet<>();
    runs.forEach(r -> r.commitBreakdown().filter(CommitBreakdownView::measured).ifPresent(b -> {
      b.parts().forEach(p -> names.add(p.name()));
      b.unmeasured().forEach(u -> unmeasuredOnly.add(u.name()));
    }));
    unmeasuredOnly.stream().filter(CommitParts.ORDER::contains).forEach(names::add);
    List<String> parts = new ArrayList<>(CommitBreakdownChart.order(names));
    unmeasuredOnly.stream().filter(n -> !names.contains(n)).forEach(parts::add);
    return parts;
  }

  /** The figures' names: the client's mean, a row per part, the parts' sum and the difference. */
  public static List<String> names(List<String> parts) {
    List<String> figures = new ArrayList<>();
    figures.add(CLIENT);
    parts.forEach(p -> figures.add(row(p)));
    figures.add(SUM);
    figures.add(DIFFERENCE);
    return figures;
  }

  /** The figure's name of a part. */
  public static String row(String part) {
    return part + MS;
  }

  /** The part a figure of {@link #row} names, empty for the client's mean, the sum and the difference. */
  public static Optional<String> part(String row) {
    return row.equals(CLIENT) || row.equals(SUM) || row.equals(DIFFERENCE) || !row.endsWith(MS) ? Optional.empty()
        : Optional.of(row.substring(0, row.length() - MS.length()));
  }

  /** One run's figures, named as {@link #names}; all NaN when it has no measured breakdown. */
  public static Map<String, Double> of(RunSummary r, List<String> parts) {
    Map<String, Double> values = new LinkedHashMap<>();
    names(parts).forEach(f -> values.put(f, Double.NaN));
    r.commitBreakdown().filter(CommitBreakdownView::measured).ifPresent(b -> {
      values.put(CLIENT, b.clientMeanMs());
      for (String part : parts) {
        b.part(part).ifPresent(p -> values.put(row(part), p.meanMs()));
      }
      values.put(SUM, b.partsSum());
      values.put(DIFFERENCE, b.differenceMs());
    });
    return values;
  }

  /** Each figure's median over the runs' figures, NaN where none has it. */
  public static Map<String, Double> medians(List<RunSummary> runs, List<String> parts) {
    List<Map<String, Double>> each = runs.stream().map(r -> of(r, parts)).toList();
    Map<String, Double> medians = new LinkedHashMap<>();
    for (String name : names(parts)) {
      medians.put(name, Spread.of(each.stream().map(f -> f.get(name)).toList()).median());
    }
    return medians;
  }

  /** Whether a figure without a value is a part that one of the runs lists as not measured. */
  public static boolean unmeasured(List<RunSummary> runs, String row, double value) {
    Optional<String> part = part(row);
    return part.isPresent() && Double.isNaN(value)
        && runs.stream().anyMatch(r -> r.commitBreakdown().flatMap(b -> b.unmeasuredReason(part.get())).isPresent());
  }

  /** A bar of the chart from figures named as {@link #names}. */
  public static CommitBreakdownChart.Bar bar(String label, Map<String, Double> figures) {
    Map<String, Double> parts = new LinkedHashMap<>();
    figures.forEach((name, v) -> part(name).ifPresent(p -> parts.put(p, v)));
    return new CommitBreakdownChart.Bar(label, parts, figures.getOrDefault(CLIENT, Double.NaN));
  }

  /**
   * What the figures of {@code label}'s runs do not say ({@link #reasons}), after the label;
   * empty when there is nothing to say.
   */
  public static Optional<String> note(String label, List<RunSummary> runs) {
    return reasons(runs).map(why -> label + ": " + why);
  }

  /**
   * What the runs' figures do not say: that none has a breakdown (a summary of a build before
   * it), why one was not measured, and which parts were not and why; empty when there is nothing
   * to say.
   */
  public static Optional<String> reasons(List<RunSummary> runs) {
    if (runs.stream().noneMatch(r -> r.commitBreakdown().isPresent())) {
      return Optional.of("no commit breakdown (its summary.json has none)");
    }
    Set<String> why = new LinkedHashSet<>();
    runs.forEach(r -> r.commitBreakdown().ifPresent(b -> {
      if (!b.measured()) {
        why.add("not measured: " + b.reason());
      }
      b.unmeasured().forEach(u -> why.add(u.name() + " unmeasured: " + u.reason()));
    }));
    return why.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", why));
  }
}
