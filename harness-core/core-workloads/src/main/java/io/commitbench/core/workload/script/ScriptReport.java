package io.commitbench.core.workload.script;

import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.measure.TypeTotals;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The script workload's figures in pgbench's terms: the transactions of each script with its
 * weight and share (pgbench's per-script "SQL script N" lines), and each SQL command's latency,
 * as {@code pgbench -r} reports it per script and line; over the measured transactions, the
 * warm-up excluded. Written into the report, {@code summary.json} and {@code statements.csv}.
 */
final class ScriptReport {

  private static final double NANOS_PER_MILLI = 1e6;
  /** The report's command column: long statements are cut, the CSV and summary keep them whole. */
  private static final int COMMAND_WIDTH = 60;

  private ScriptReport() {}

  /** Each SQL command's figures, script by script, in line order. */
  static List<StatementFigure> statements(List<ParsedScript> scripts, StatementLatencies.Merged merged) {
    List<StatementFigure> figures = new ArrayList<>();
    for (int s = 0; s < scripts.size(); s++) {
      List<ScriptCommand> commands = scripts.get(s).commands();
      for (int c = 0; c < commands.size(); c++) {
        Histogram h = merged.histogram(s, c);
        if (h == null) {
          continue;
        }
        ScriptCommand.Sql sql = (ScriptCommand.Sql) commands.get(c);
        long count = h.getTotalCount();
        figures.add(new StatementFigure(scripts.get(s).name(), sql.position().line(), oneLine(sql.text()), count,
            count == 0 ? 0 : merged.sum(s, c) / (double) count / NANOS_PER_MILLI,
            count == 0 ? 0 : h.getValueAtPercentile(50) / NANOS_PER_MILLI,
            count == 0 ? 0 : h.getValueAtPercentile(99) / NANOS_PER_MILLI));
      }
    }
    return figures;
  }

  static String block(RunTotals totals, List<ParsedScript> scripts, List<StatementFigure> statements, int scale,
      long seed, List<String> loadLines) {
    StringBuilder b = new StringBuilder("Scripts (as pgbench reports them; warm-up excluded):\n");
    b.append(String.format(Locale.ROOT, "    scaling factor: %d   random seed: %d%n", scale, seed));
    long all = totals.transactions();
    b.append(String.format(Locale.ROOT, "    %-24s %6s %14s %8s %10s%n", "script", "weight", "transactions", "share",
        "failed"));
    for (int s = 0; s < scripts.size(); s++) {
      TypeTotals type = type(totals, s);
      long count = type == null ? 0 : type.count();
      b.append(String.format(Locale.ROOT, "    %-24s %6d %14d %7.1f%% %10d%n", scripts.get(s).name(),
          scripts.get(s).weight(), count, all == 0 ? 0 : 100.0 * count / all, type == null ? 0 : type.errorCount()));
    }
    b.append("Statement latencies in ms (as pgbench -r; measured transactions that succeeded):\n");
    b.append(String.format(Locale.ROOT, "    %-16s %5s %10s %9s %9s %9s  %s%n", "script", "line", "count", "mean",
        "p50", "p99", "command"));
    for (StatementFigure f : statements) {
      b.append(String.format(Locale.ROOT, "    %-16s %5d %10d %9.3f %9.3f %9.3f  %s%n", f.script(), f.line(), f.count(),
          f.meanMillis(), f.p50Millis(), f.p99Millis(), cut(f.command())));
    }
    loadLines.forEach(line -> b.append("    load: ").append(line).append('\n'));
    return b.toString().stripTrailing();
  }

  static Map<String, Object> figures(RunTotals totals, List<ParsedScript> scripts, List<StatementFigure> statements,
      int scale, long seed, Object load) {
    List<Object> perScript = new ArrayList<>();
    for (int s = 0; s < scripts.size(); s++) {
      TypeTotals type = type(totals, s);
      Map<String, Object> script = new LinkedHashMap<>();
      script.put("name", scripts.get(s).name());
      script.put("weight", scripts.get(s).weight());
      script.put("transactions", type == null ? 0L : type.count());
      script.put("failed", type == null ? 0L : type.errorCount());
      perScript.add(script);
    }
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("scale", scale);
    figures.put("seed", seed);
    figures.put("scripts", perScript);
    figures.put("statements", statements.stream().map(StatementFigure::asMap).toList());
    figures.put("load", load);
    return figures;
  }

  /** {@code statements.csv}: a header, then one line per SQL command; the command quoted as CSV quotes. */
  static String csv(List<StatementFigure> statements) {
    StringBuilder b = new StringBuilder("script,line,count,mean_ms,p50_ms,p99_ms,command\n");
    for (StatementFigure f : statements) {
      b.append(String.format(Locale.ROOT, "%s,%d,%d,%.6f,%.6f,%.6f,%s%n", quoted(f.script()), f.line(), f.count(),
          f.meanMillis(), f.p50Millis(), f.p99Millis(), quoted(f.command())));
    }
    return b.toString();
  }

  private static TypeTotals type(RunTotals totals, int index) {
    return index < totals.types().size() ? totals.types().get(index) : null;
  }

  private static String oneLine(String text) {
    return text.strip().replaceAll("\\s+", " ");
  }

  private static String cut(String command) {
    return command.length() <= COMMAND_WIDTH ? command : command.substring(0, COMMAND_WIDTH - 3) + "...";
  }

  private static String quoted(String value) {
    return "\"" + value.replace("\"", "\"\"") + "\"";
  }
}
