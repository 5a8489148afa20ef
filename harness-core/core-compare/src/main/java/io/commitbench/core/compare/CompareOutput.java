package io.commitbench.core.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.report.html.ChartImages;
import io.commitbench.core.report.html.CommitBreakdownChart;
import io.commitbench.core.report.html.HtmlPage;
import io.commitbench.core.report.html.PercentileSpectrum;
import io.commitbench.core.report.html.SeriesStyles;
import io.commitbench.core.results.HistogramTotals;
import io.commitbench.core.results.ResultFormatException;
import io.commitbench.core.results.RunFolder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The outputs of {@code compare}: text (aligned columns), Markdown (pipe tables), JSON (schema
 * {@code commitbench.compare/1}, every value per run as well, with each subject's label, folder
 * and flags, each row's marks, and the warnings) and HTML (the tables and every subject's
 * latency distributions overlaid on one chart, self-contained). Each opens with the warnings
 * ({@link Comparison.Warning}) and the subjects, then the main figures, the rate, the workload's
 * own figures, where a commit's time goes when a subject's runs measured it ({@link
 * BreakdownBlock}; in HTML a stacked bar per subject too), the server's (server-wide) figures and
 * the environment facts that differ.
 */
public enum CompareOutput {
  TEXT, MARKDOWN, JSON, HTML;

  public static final String JSON_SCHEMA = "commitbench.compare/1";

  private static final String RATE_TITLE = "Target and achieved rate";
  private static final String WORKLOAD_TITLE = "The workload's own figures";
  private static final String SERVER_TITLE = "Server's log figures (server-wide)";

  /** The names {@code --format} takes. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public String render(Comparison c) {
    return switch (this) {
      case TEXT -> text(c);
      case MARKDOWN -> markdown(c);
      case JSON -> json(c);
      case HTML -> html(c);
    };
  }

  private static String text(Comparison c) {
    StringBuilder b = new StringBuilder();
    CompareTable.preface(c).forEach(line -> b.append(line).append('\n'));
    if (b.length() > 0) {
      b.append('\n');
    }
    b.append(aligned(CompareTable.subjectHeader(), CompareTable.subjects(c))).append('\n');
    b.append(aligned(CompareTable.header(c), CompareTable.rows(c, c.figures())));
    if (!c.rate().isEmpty()) {
      b.append('\n').append(RATE_TITLE).append(":\n").append(aligned(CompareTable.header(c), CompareTable.rows(c, c.rate())));
    }
    if (!c.workload().isEmpty()) {
      b.append('\n').append(WORKLOAD_TITLE).append(":\n")
          .append(aligned(CompareTable.header(c), CompareTable.rows(c, c.workload())));
    }
    BreakdownBlock.of(c).ifPresent(block -> {
      b.append('\n').append(BreakdownBlock.TITLE).append(":\n").append(aligned(CompareTable.header(c),
          block.cells(c, false)));
      block.notes().forEach(note -> b.append(note).append('\n'));
    });
    List<Comparison.Row> server = CompareTable.present(c.server());
    if (!server.isEmpty()) {
      b.append('\n').append(SERVER_TITLE).append(":\n").append(aligned(CompareTable.header(c), CompareTable.rows(c, server)))
          .append(CompareTable.serverNote(c)).append('\n');
    }
    String absent = CompareTable.absentServerNote(c.server());
    if (!absent.isEmpty()) {
      b.append('\n').append(absent).append('\n');
    }
    if (!c.environment().isEmpty()) {
      b.append('\n').append(aligned(CompareTable.factHeader(c), CompareTable.facts(c)));
    }
    return b.append('\n').append(CompareTable.noiseNote(c)).append('\n').toString();
  }

  private static String aligned(List<String> header, List<List<String>> rows) {
    List<List<String>> all = new ArrayList<>();
    all.add(header);
    all.addAll(rows);
    int[] width = new int[header.size()];
    all.forEach(r -> {
      for (int i = 0; i < r.size(); i++) {
        width[i] = Math.max(width[i], r.get(i).length());
      }
    });
    StringBuilder b = new StringBuilder();
    for (List<String> r : all) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.size(); i++) {
        String cell = r.get(i);
        line.append(i == 0 ? String.format("%-" + width[i] + "s", cell) : "  " + String.format("%" + width[i] + "s", cell));
      }
      b.append(line.toString().stripTrailing()).append('\n');
    }
    return b.toString();
  }

  private static String markdown(Comparison c) {
    StringBuilder b = new StringBuilder();
    CompareTable.preface(c).forEach(line -> b.append("> ").append(line).append("\n\n"));
    b.append(pipes(CompareTable.subjectHeader(), CompareTable.subjects(c))).append('\n');
    b.append(pipes(CompareTable.header(c), CompareTable.rows(c, c.figures()))).append('\n');
    if (!c.rate().isEmpty()) {
      b.append("**").append(RATE_TITLE).append("**\n\n").append(pipes(CompareTable.header(c), CompareTable.rows(c, c.rate())))
          .append('\n');
    }
    if (!c.workload().isEmpty()) {
      b.append("**").append(WORKLOAD_TITLE).append("**\n\n")
          .append(pipes(CompareTable.header(c), CompareTable.rows(c, c.workload()))).append('\n');
    }
    BreakdownBlock.of(c).ifPresent(block -> {
      b.append("**").append(BreakdownBlock.TITLE).append("**\n\n").append(pipes(CompareTable.header(c),
          block.cells(c, false))).append('\n');
      block.notes().forEach(note -> b.append(note).append("\n\n"));
    });
    List<Comparison.Row> server = CompareTable.present(c.server());
    if (!server.isEmpty()) {
      b.append("**").append(SERVER_TITLE).append("**\n\n").append(pipes(CompareTable.header(c), CompareTable.rows(c, server)))
          .append('\n')
          .append(CompareTable.serverNote(c)).append('\n');
    }
    String absent = CompareTable.absentServerNote(c.server());
    if (!absent.isEmpty()) {
      b.append('\n').append(absent).append('\n');
    }
    if (!c.environment().isEmpty()) {
      b.append('\n').append(pipes(CompareTable.factHeader(c), CompareTable.facts(c)));
    }
    return b.append('\n').append(CompareTable.noiseNote(c)).append('\n').toString();
  }

  private static String pipes(List<String> header, List<List<String>> rows) {
    StringBuilder b = new StringBuilder("| ").append(String.join(" | ", escaped(header))).append(" |\n|");
    for (int i = 0; i < header.size(); i++) {
      b.append(i == 0 ? "---|" : "---:|");
    }
    b.append('\n');
    rows.forEach(r -> b.append("| ").append(String.join(" | ", escaped(r))).append(" |\n"));
    return b.toString();
  }

  private static List<String> escaped(List<String> cells) {
    return cells.stream().map(s -> s.replace("|", "\\|")).toList();
  }

  private static String json(Comparison c) {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("schema", JSON_SCHEMA);
    ArrayNode subjects = root.putArray("subjects");
    for (int i = 0; i < c.subjects().size(); i++) {
      Subject s = c.subjects().get(i);
      int index = i;
      ObjectNode node = subjects.addObject();
      node.put("name", s.name());
      node.put("label", c.labels().get(i));
      node.put("folder", s.directory().toString());
      node.put("kind", s.group() ? "group" : "run");
      node.put("runs", s.summaries().size());
      node.put("counted", s.counted().size());
      ArrayNode outcomes = node.putArray("outcomes");
      s.summaries().forEach(r -> outcomes.add(r.outcome()));
      node.put("sharedServer", c.shared(i));
      node.put("missedRate", c.warnings().stream().anyMatch(w -> w.subject() == index && w.kind().equals(Warnings.MISSED_RATE)));
      node.put("backlogged", c.warnings().stream().anyMatch(w -> w.subject() == index && w.kind().equals(Warnings.BACKLOG)));
    }
    ArrayNode warnings = root.putArray("warnings");
    for (Comparison.Warning w : c.warnings()) {
      ObjectNode node = warnings.addObject();
      node.put("subject", c.labels().get(w.subject()));
      node.put("kind", w.kind());
      node.put("text", w.text());
    }
    ArrayNode swept = root.putArray("swept");
    c.swept().forEach(swept::add);
    ArrayNode forced = root.putArray("forcedDifferences");
    c.differences().forEach(forced::add);
    root.put("noiseTest", NoiseTest.METHOD);
    rows(root.putArray("figures"), c.figures());
    rows(root.putArray("rate"), c.rate());
    rows(root.putArray("workload"), c.workload());
    rows(root.putArray("commitBreakdown"), BreakdownBlock.of(c).map(BreakdownBlock::rows).orElse(List.of()));
    root.put("serverScope", "server-wide: the server's counters count every session on the server, not only the run's");
    rows(root.putArray("server"), c.server());
    ArrayNode environment = root.putArray("environment");
    for (Comparison.FactRow row : c.environment()) {
      ObjectNode node = environment.addObject();
      node.put("fact", row.fact());
      ArrayNode values = node.putArray("values");
      row.values().forEach(values::add);
    }
    try {
      return mapper.writeValueAsString(root) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write the comparison as JSON", e);
    }
  }

  private static void rows(ArrayNode array, List<Comparison.Row> rows) {
    for (Comparison.Row row : rows) {
      ObjectNode node = array.addObject();
      node.put("figure", row.name());
      ArrayNode values = node.putArray("values");
      ArrayNode ratios = node.putArray("ratios");
      ArrayNode perRun = node.putArray("perRun");
      ArrayNode verdicts = node.putArray("noise");
      ArrayNode marks = node.putArray("marks");
      for (int i = 0; i < row.values().size(); i++) {
        number(values, row.values().get(i));
        if (row.notJudged(i)) {
          ratios.addNull();
        } else {
          number(ratios, row.ratios().get(i));
        }
        ArrayNode runs = perRun.addArray();
        row.perRun().get(i).forEach(v -> number(runs, v));
        NoiseTest.Verdict v = row.verdicts().get(i);
        if (v.known()) {
          ObjectNode verdict = verdicts.addObject();
          verdict.put("ratioLow", v.low());
          verdict.put("ratioHigh", v.high());
          verdict.put("exceedsNoise", v.exceedsNoise());
        } else {
          verdicts.addNull();
        }
        if (row.marks().get(i).isEmpty()) {
          marks.addNull();
        } else {
          marks.add(row.marks().get(i));
        }
      }
    }
  }

  private static void number(ArrayNode array, double v) {
    if (Double.isFinite(v)) {
      array.add(v);
    } else {
      array.addNull();
    }
  }

  private static String html(Comparison c) {
    HtmlPage page = new HtmlPage("commitbench compare: " + String.join(" vs ", c.labels()));
    List<String> preface = CompareTable.preface(c);
    if (!preface.isEmpty()) {
      page.table(List.of("read first"), preface.stream()
          .map(line -> List.of(line.startsWith("warning: ") ? CompareTable.FLAG + line : line)).toList());
    }
    page.heading("Subjects").table(CompareTable.subjectHeader(), CompareTable.subjects(c));
    page.heading("Main figures").table(CompareTable.header(c), CompareTable.rows(c, c.figures(), true));
    page.note(CompareTable.noiseNote(c));
    if (!c.rate().isEmpty()) {
      page.heading(RATE_TITLE).table(CompareTable.header(c), CompareTable.rows(c, c.rate(), true));
    }
    if (!c.workload().isEmpty()) {
      page.heading(WORKLOAD_TITLE).table(CompareTable.header(c), CompareTable.rows(c, c.workload(), true));
    }
    BreakdownBlock.of(c).ifPresent(block -> {
      page.heading(BreakdownBlock.TITLE).table(CompareTable.header(c), block.cells(c, true));
      List<CommitBreakdownChart.Bar> bars = block.bars(c);
      page.chart(BreakdownBlock.CHART, "each subject's mean commit time split into its parts",
          ChartImages.dataUri(CommitBreakdownChart.chart("Where a commit's time goes", bars),
              CommitBreakdownChart.height(bars.size())));
      block.notes().forEach(page::note);
    });
    page.heading("Latency distributions");
    page.note("Transaction response times of every subject over its measured time (a group's runs together),"
        + " from each run's latency.hlog, on a nines axis.");
    page.chart("distribution-overlay", "latency distributions of all subjects overlaid",
        ChartImages.dataUri(PercentileSpectrum.chart("Transaction response time, all subjects", overlay(c),
            new SeriesStyles())));
    page.heading(SERVER_TITLE);
    List<Comparison.Row> server = CompareTable.present(c.server());
    if (!server.isEmpty()) {
      page.table(CompareTable.header(c), CompareTable.rows(c, server, true));
    }
    page.note(CompareTable.serverNote(c));
    String absent = CompareTable.absentServerNote(c.server());
    if (!absent.isEmpty()) {
      page.note(absent);
    }
    page.heading("Environment facts that differ");
    if (c.environment().isEmpty()) {
      page.note("None: the environments recorded are the same.");
    } else {
      page.table(CompareTable.factHeader(c), CompareTable.facts(c));
    }
    return page.render();
  }

  /** Per subject and transaction type, the response times of its counted runs summed. */
  private static Map<String, Histogram> overlay(Comparison c) {
    Map<String, Histogram> lines = new LinkedHashMap<>();
    for (int n = 0; n < c.subjects().size(); n++) {
      Subject s = c.subjects().get(n);
      String subject = c.labels().get(n);
      for (int i = 0; i < s.runFolders().size(); i++) {
        if (!s.counted().contains(s.summaries().get(i))) {
          continue;
        }
        Path log = new RunFolder(s.runFolders().get(i)).histogramLog();
        Map<String, Histogram> totals;
        try {
          totals = HistogramTotals.read(log);
        } catch (ResultFormatException e) {
          continue; // a run without a log has no distribution to add; the table still has its figures
        }
        totals.forEach((tag, h) -> {
          if (tag.startsWith("tx.") && tag.endsWith(".response")) {
            String label = subject + ": " + tag.substring(3, tag.length() - ".response".length());
            lines.computeIfAbsent(label, k -> new Histogram(h.getNumberOfSignificantValueDigits())).add(h);
          }
        });
      }
    }
    return lines;
  }
}
