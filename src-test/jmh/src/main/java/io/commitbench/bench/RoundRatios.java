package io.commitbench.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Paired rounds, median of ratios: each round measures two sides at the same time (or in mirrored
 * legs), its figure is the first side's value over the second's, and a cell's figure is the
 * median of its rounds' ratios with their range. The median, because one disturbed round moves a
 * mean but not a median; the ratio per round, because what moves the machine during a round
 * moves both sides and cancels in it.
 *
 * <p>{@link ServerOverhead} uses it in its own process; the paired scripts ({@code
 * scripts/bench/oltp-paired.py}, {@code overhead-paired.sh}) call {@link #main}:
 *
 * <pre>
 * java -cp src-test/jmh/target/benchmarks.jar io.commitbench.bench.RoundRatios 1020/1000 990/1000 1010/1000
 * 1.010 (0.990 .. 1.020)
 * </pre>
 *
 * <p>Not thread-safe: one per cell, filled by the thread that runs the rounds.
 */
public final class RoundRatios {

  private final List<Double> ratios = new ArrayList<>();

  /** Records one round: {@code first} over {@code second}. */
  public void add(double first, double second) {
    ratios.add(first / second);
  }

  /** The middle ratio, or the mean of the two middle ones; NaN before any round. */
  public double median() {
    List<Double> sorted = ratios.stream().sorted().toList();
    int n = sorted.size();
    if (n == 0) {
      return Double.NaN;
    }
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  public double min() {
    return ratios.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }

  public double max() {
    return ratios.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }

  /** The median and the range as the paired tables show them: {@code 1.010 (0.990 .. 1.020)}. */
  public String summary() {
    return String.format(Locale.ROOT, "%.3f (%.3f .. %.3f)", median(), min(), max());
  }

  /**
   * Reads rounds as {@code FIRST/SECOND} pairs and prints their {@link #summary()}: the arguments
   * are one cell's rounds; without arguments, each line of standard input is one cell's rounds,
   * separated by spaces, and one summary is printed per line. Exit 2 on a pair it cannot read.
   */
  public static void main(String[] args) throws Exception {
    if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
      System.out.println("usage: RoundRatios FIRST/SECOND...   (one cell's rounds; without arguments, one cell per"
          + " line of standard input)\nprints the median of the rounds' ratios FIRST/SECOND and their range");
      return;
    }
    try {
      if (args.length > 0) {
        System.out.println(of(List.of(args)).summary());
        return;
      }
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        System.out.println(of(List.of(line.trim().split("\\s+"))).summary());
      }
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      System.exit(2);
    }
  }

  /** The ratios of {@code FIRST/SECOND} pairs, one a round. */
  static RoundRatios of(List<String> pairs) {
    RoundRatios r = new RoundRatios();
    for (String pair : pairs) {
      String[] sides = pair.split("/");
      try {
        if (sides.length != 2) {
          throw new NumberFormatException();
        }
        r.add(Double.parseDouble(sides[0]), Double.parseDouble(sides[1]));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("'" + pair + "' is not a round's FIRST/SECOND, e.g. 1020.5/1000");
      }
    }
    return r;
  }
}
