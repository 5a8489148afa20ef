package io.commitbench.core.workload.script;

import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * One actor's latency of each SQL command of each script, as pgbench's {@code -r} reports it:
 * nanoseconds per command in an HdrHistogram, with the exact sum for the mean. An attempt's
 * latencies are held until it is known to count: kept when it succeeded and was measured,
 * forgotten when it failed (the engine retries or counts it) or ran in the warm-up, so the
 * figures cover the transactions the engine's do.
 *
 * <p>Two significant digits (1 % resolution) and 4-byte counts keep an actor's histograms small:
 * a run may have thousands of actors, each with a histogram per command. Thread-safety: written on
 * the actor's thread; read by {@link #merge} after the actors finished.
 */
final class StatementLatencies {

  private static final int SIGNIFICANT_DIGITS = 2;

  /** [script][command]; null for a command that makes no call (a meta command). */
  private final AbstractHistogram[][] histograms;
  private final long[][] sumNanos;
  /** The attempt in progress: its commands and their latencies. */
  private int[] pendingCommands = new int[16];
  private long[] pendingNanos = new long[16];
  private int pending;

  /** @param calls for each script, which of its commands make a call to be timed */
  StatementLatencies(List<boolean[]> calls) {
    histograms = new AbstractHistogram[calls.size()][];
    sumNanos = new long[calls.size()][];
    for (int s = 0; s < calls.size(); s++) {
      boolean[] timed = calls.get(s);
      histograms[s] = new AbstractHistogram[timed.length];
      sumNanos[s] = new long[timed.length];
      for (int c = 0; c < timed.length; c++) {
        if (timed[c]) {
          histograms[s][c] = new IntCountsHistogram(SIGNIFICANT_DIGITS);
        }
      }
    }
  }

  /** For each script, which of its commands make a call: its SQL commands (BEGIN, COMMIT and ROLLBACK too). */
  static List<boolean[]> callsOf(List<ParsedScript> scripts) {
    List<boolean[]> calls = new java.util.ArrayList<>();
    for (ParsedScript script : scripts) {
      boolean[] timed = new boolean[script.commands().size()];
      for (int c = 0; c < timed.length; c++) {
        timed[c] = script.commands().get(c) instanceof ScriptCommand.Sql;
      }
      calls.add(timed);
    }
    return calls;
  }

  /** A new attempt: whatever an earlier one left is forgotten. */
  void beginAttempt() {
    pending = 0;
  }

  void add(int command, long nanos) {
    if (pending == pendingCommands.length) {
      pendingCommands = Arrays.copyOf(pendingCommands, pending * 2);
      pendingNanos = Arrays.copyOf(pendingNanos, pending * 2);
    }
    pendingCommands[pending] = command;
    pendingNanos[pending++] = nanos;
  }

  /** The attempt of {@code script} succeeded and was measured: its latencies count. */
  void keep(int script) {
    for (int i = 0; i < pending; i++) {
      int command = pendingCommands[i];
      long nanos = Math.max(1, pendingNanos[i]);
      histograms[script][command].recordValue(nanos);
      sumNanos[script][command] += nanos;
    }
    pending = 0;
  }

  /**
   * Every actor's latencies added up, per script and command.
   *
   * @param calls for each script, which of its commands make a call (as the actors were made with)
   */
  static Merged merge(List<StatementLatencies> actors, List<boolean[]> calls) {
    Histogram[][] histograms = new Histogram[calls.size()][];
    long[][] sums = new long[calls.size()][];
    for (int s = 0; s < calls.size(); s++) {
      histograms[s] = new Histogram[calls.get(s).length];
      sums[s] = new long[calls.get(s).length];
      for (int c = 0; c < histograms[s].length; c++) {
        if (calls.get(s)[c]) {
          // Long counts: every actor's together may pass an int's range.
          histograms[s][c] = new Histogram(SIGNIFICANT_DIGITS);
        }
      }
    }
    for (StatementLatencies actor : actors) {
      for (int s = 0; s < histograms.length; s++) {
        for (int c = 0; c < histograms[s].length; c++) {
          if (histograms[s][c] != null) {
            histograms[s][c].add(actor.histograms[s][c]);
            sums[s][c] += actor.sumNanos[s][c];
          }
        }
      }
    }
    return new Merged(histograms, sums);
  }

  /**
   * The actors' latencies added up.
   *
   * @param histograms [script][command]; null for a meta command
   * @param sumNanos [script][command] the latencies' sum
   */
  record Merged(Histogram[][] histograms, long[][] sumNanos) {

    /** The command's latencies; null for a meta command. */
    Histogram histogram(int script, int command) {
      return histograms[script][command];
    }

    long sum(int script, int command) {
      return sumNanos[script][command];
    }
  }
}
