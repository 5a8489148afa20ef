package io.commitbench.core.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The rows of {@code intervals.csv} (see {@code IntervalCsvWriter}), column by column, for charts:
 * a number column is a {@code double[]} whose empty cells (a percentile without values) are NaN.
 * Columns are found by their header names, so files with fewer or more columns (older runs) read.
 */
public final class IntervalTable {

  private final List<String> header;
  private final List<String[]> rows;

  private IntervalTable(List<String> header, List<String[]> rows) {
    this.header = header;
    this.rows = rows;
  }

  /** @throws ResultFormatException when the file cannot be read or has no header */
  public static IntervalTable read(Path file) throws ResultFormatException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new ResultFormatException("cannot read " + file + ": " + e.getMessage(), e);
    }
    if (lines.isEmpty() || !lines.get(0).startsWith("start_s,")) {
      throw new ResultFormatException(file + " is not an intervals.csv: its first line is not the header (start_s,...)");
    }
    List<String> header = List.of(lines.get(0).split(",", -1));
    List<String[]> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      if (cells.length == header.size()) { // a row cut by a kill is left out
        rows.add(cells);
      }
    }
    return new IntervalTable(header, rows);
  }

  public int size() {
    return rows.size();
  }

  public boolean has(String column) {
    return header.contains(column);
  }

  /** The column's numbers; NaN for an empty cell; all NaN when the column is absent. */
  public double[] numbers(String column) {
    int index = header.indexOf(column);
    double[] values = new double[rows.size()];
    Arrays.fill(values, Double.NaN);
    if (index >= 0) {
      for (int i = 0; i < rows.size(); i++) {
        String cell = rows.get(i)[index];
        values[i] = cell.isEmpty() ? Double.NaN : Double.parseDouble(cell);
      }
    }
    return values;
  }

  /** Whether row {@code i} belongs to the warm-up. */
  public boolean warmup(int i) {
    int index = header.indexOf("phase");
    return index >= 0 && rows.get(i)[index].equals("warmup");
  }

  /** The transaction types, in column order (from {@code tx_TYPE_count}). */
  public List<String> transactionTypes() {
    Set<String> types = new LinkedHashSet<>();
    for (String column : header) {
      if (column.startsWith("tx_") && column.endsWith("_count")) {
        types.add(column.substring(3, column.length() - "_count".length()));
      }
    }
    return List.copyOf(types);
  }

  /** The statement kinds, in column order (from {@code KIND_p50_ms}). */
  public List<String> statementKinds() {
    Set<String> kinds = new LinkedHashSet<>();
    for (String column : header) {
      if (!column.startsWith("tx_") && column.endsWith("_p50_ms")) {
        kinds.add(column.substring(0, column.length() - "_p50_ms".length()));
      }
    }
    return List.copyOf(kinds);
  }
}
