package io.commitbench.core.group;

import io.commitbench.core.report.html.ChartImages;
import io.commitbench.core.report.html.HtmlPage;
import io.commitbench.core.results.RunSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A sweep's page: what was swept, latency against achieved throughput with a point per value
 * ({@link KneeChart}), each figure per value (n, median, range, interval), where a commit's time
 * goes per value ({@link GroupBreakdownSection}), and a link to every value's page and run's report.
 */
final class SweepReportHtml {

  private SweepReportHtml() {}

  static HtmlPage page(SweepSummary sweep) {
    HtmlPage page = new HtmlPage("commitbench sweep " + sweep.group());
    RunSummary first = sweep.points().stream().flatMap(p -> p.runs().runs().stream()).map(Map.Entry::getValue)
        .findFirst().orElse(null);
    page.paragraph(String.format(Locale.ROOT, "Sweep of %s over %s: %d runs, %d completed and counted.%s",
        sweep.key(), String.join(", ", sweep.values()), sweep.runs(), sweep.countedRuns(), first == null ? ""
            : " Workload " + first.workload() + ", started " + first.startedAt() + "."));
    page.heading("Latency against throughput");
    if (KneeChart.hasPoints(sweep)) {
      page.note("One point per value of " + sweep.key() + " (its label), at the value's median throughput and"
          + " latency over its completed runs. Latency on a log scale: where it turns up steeply, the system is"
          + " saturated (the knee)." + (first != null && first.rated() ? " Response time counts from each"
          + " transaction's intended start, service time from its actual start." : ""));
      page.chart("knee", "latency against achieved throughput, one point per value of " + sweep.key(),
          ChartImages.dataUri(KneeChart.chart(sweep)));
    } else {
      page.note("No chart: no value has a completed run with a throughput and a latency above zero.");
    }
    page.heading("Figures per value");
    boolean repeated = sweep.points().stream().anyMatch(p -> p.runs().countedRuns() > 1);
    if (repeated) {
      page.table(intervalHeader(sweep), intervalRows(sweep));
      page.note("Interval: " + Spread.METHOD + ". Only completed runs count; n is the number of runs a figure has."
          + " Values are never pooled: each is a measurement of its own.");
    } else {
      page.table(medianHeader(sweep), medianRows(sweep));
      page.note("One run per value: no interval (runs=3 or more give each value one). A failed or interrupted run"
          + " is not counted: its value shows -.");
    }
    GroupBreakdownSection.of(sweep).write(page, "Per value of " + sweep.key() + ", each figure's median over its"
        + " completed runs, figure by figure: the medians of the parts' sum and of the difference are those of the"
        + " runs' own, so they need not add up to the parts' medians.");
    page.heading("Runs");
    List<Map.Entry<String, String>> links = new ArrayList<>();
    for (SweepSummary.Point p : sweep.points()) {
      boolean ownRunFolder = p.runs().runs().size() == 1 && p.runs().runs().get(0).getKey().equals(p.folder());
      if (!p.runs().runs().isEmpty() && !ownRunFolder) {
        links.add(Map.entry(p.folder() + ": the value's group page", p.folder() + "/" + GroupFolder.HTML));
      }
      links.addAll(GroupReportHtml.runLinks(p.runs(), p.folder()));
    }
    page.links(links);
    List<String> notRun = sweep.points().stream().filter(p -> p.runs().runs().isEmpty()).map(SweepSummary.Point::folder)
        .toList();
    if (!notRun.isEmpty()) {
      page.note("Not run: " + String.join(", ", notRun) + " (the sweep ended before).");
    }
    return page;
  }

  /** A figure per row, a value per column: the runs' figures, or the median of a value's. */
  private static List<String> medianHeader(SweepSummary sweep) {
    List<String> header = new ArrayList<>(List.of("figure"));
    sweep.points().forEach(p -> header.add(p.folder()));
    return header;
  }

  private static List<List<String>> medianRows(SweepSummary sweep) {
    List<List<String>> rows = new ArrayList<>();
    for (String name : sweep.figureNames()) {
      List<String> row = new ArrayList<>(List.of(name));
      for (SweepSummary.Point p : sweep.points()) {
        Spread s = p.runs().figures().get(name);
        row.add(s == null ? "-" : GroupReportHtml.number(s.median()));
      }
      rows.add(row);
    }
    return rows;
  }

  private static List<String> intervalHeader(SweepSummary sweep) {
    List<String> header = new ArrayList<>(GroupReportHtml.FIGURE_HEADER);
    header.add(1, sweep.key());
    return header;
  }

  /** A row per figure and value: n, median, range, interval and its note. */
  private static List<List<String>> intervalRows(SweepSummary sweep) {
    List<List<String>> rows = new ArrayList<>();
    for (String name : sweep.figureNames()) {
      for (SweepSummary.Point p : sweep.points()) {
        Spread s = p.runs().figures().getOrDefault(name, Spread.of(List.of()));
        List<String> row = new ArrayList<>(GroupReportHtml.figureRow(name, s));
        row.add(1, p.value());
        rows.add(row);
      }
    }
    return rows;
  }
}
