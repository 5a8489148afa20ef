package io.commitbench.campaign;

import io.commitbench.core.group.Spread;
import io.commitbench.core.results.ResultFormatException;
import io.commitbench.core.results.RunSummary;
import io.commitbench.core.results.ServerFigure;
import io.commitbench.core.results.SummaryReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a measured cell's runs showed: the transactions per second of each run (a cell measured
 * {@code runs=N} times has N), and the server's own view of the log, read from each run's {@code
 * summary.json}: every derived figure the server offered (log bytes, syncs and sync time per
 * commit, ...), its median over the runs.
 *
 * @param transactionsPerSecond each run's TX/s, in run order
 * @param server the server's derived figures by name, each the median over the runs that had it
 */
public record CellFigures(List<Double> transactionsPerSecond, Map<String, ServerValue> server) {

  /** One of the server's figures: its value and unit ({@code bytes}, {@code ms}, {@code count}, ...). */
  public record ServerValue(double value, String unit) {}

  public CellFigures {
    transactionsPerSecond = List.copyOf(transactionsPerSecond);
    server = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(server));
  }

  /** A cell measured once, with no server figures: for tests and for outcomes that record a single TX/s. */
  public static CellFigures single(double transactionsPerSecond) {
    return new CellFigures(List.of(transactionsPerSecond), Map.of());
  }

  /** Reads the figures from each run's {@code summary.json}. */
  public static CellFigures read(List<Path> runDirs) throws ResultFormatException {
    List<Double> tps = new ArrayList<>();
    Map<String, List<Double>> values = new LinkedHashMap<>();
    Map<String, String> units = new LinkedHashMap<>();
    for (Path run : runDirs) {
      RunSummary summary = SummaryReader.read(run.resolve("summary.json"));
      tps.add(summary.transactionsPerSecond());
      for (ServerFigure f : summary.serverDerived()) {
        if (f.present()) {
          values.computeIfAbsent(f.name(), k -> new ArrayList<>()).add(f.value());
          units.putIfAbsent(f.name(), f.unit());
        }
      }
    }
    Map<String, ServerValue> server = new LinkedHashMap<>();
    values.forEach((name, v) -> server.put(name, new ServerValue(Spread.of(v).median(), units.get(name))));
    return new CellFigures(tps, server);
  }

  /** Median, minimum and maximum of the runs' TX/s. */
  public Spread spread() {
    return Spread.of(transactionsPerSecond);
  }

  public int runs() {
    return transactionsPerSecond.size();
  }
}
