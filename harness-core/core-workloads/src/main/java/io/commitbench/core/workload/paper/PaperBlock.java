package io.commitbench.core.workload.paper;

import io.commitbench.core.measure.PaperAnalysis;
import java.util.List;
import java.util.Locale;

/**
 * The paper's "Benchmark Overall Analysis" block as the paper prints it, and the note that follows
 * it when the {@code sleep} schedule sets the overall time: the paper workload's own part of
 * {@code report.txt} ({@link BoundPaperWorkload#reportBlock}). The generic report lines its labels
 * up to the same width ({@code report.ReportText.PAPER_LABEL_WIDTH}).
 *
 * <p>Numbers use {@link Locale#ROOT}. Stateless and thread-safe.
 *
 * <pre>{@code
 * PaperAnalysis a = PaperAnalysis.of(cycles, actorCycles);
 * String text = PaperBlock.paperBlock(a) + PaperBlock.scheduleNote(a, users, sleepMillis);
 * }</pre>
 */
public final class PaperBlock {

  /** The paper pads its analysis labels to this width, so the colons line up. */
  static final int LABEL_WIDTH = 35;

  /** Above this share of the overall time the paper block says the sleep schedule sets it. */
  public static final double SCHEDULE_SHARE_NOTED = 0.5;

  private static final String NOT_AVAILABLE = "n/a";

  private PaperBlock() {}

  /**
   * The paper's analysis block. Values are milliseconds with three decimals, right-aligned to a
   * common width; a figure over nothing (NaN) shows {@code n/a}.
   */
  public static String paperBlock(PaperAnalysis a) {
    List<String[]> rows = List.of(
        new String[] {"Overall time (all cycles)", millis(a.overallMillis())},
        new String[] {"Average overall time (all cycles)", millis(a.averageOverallMillis())},
        new String[] {"Average actor time", millis(a.averageActorMillis())},
        new String[] {"Average actor insert time", millis(a.averageActorInsertMillis())},
        new String[] {"Average actor select time", millis(a.averageActorSelectMillis())},
        new String[] {"Average actor update time", millis(a.averageActorUpdateMillis())},
        new String[] {"Average actor delete time", millis(a.averageActorDeleteMillis())});
    int width = rows.stream().mapToInt(row -> row[1].length()).max().orElse(0);
    StringBuilder b = new StringBuilder("##### Benchmark Overall Analysis #####\n");
    b.append("Results for all actors and all repeat cycles!\n");
    for (String[] row : rows) {
      String unit = NOT_AVAILABLE.equals(row[1]) ? "" : " ms";
      b.append(pad(row[0], LABEL_WIDTH, true)).append(": ").append(pad(row[1], width, false)).append(unit).append('\n');
    }
    return b.append("#####\n").toString();
  }

  /**
   * The line after the paper's block when the {@code sleep} schedule, not storage, sets the
   * overall time (at least {@link #SCHEDULE_SHARE_NOTED} of it is the actors' staggered release);
   * empty otherwise. The overall figures then move with {@code users} and {@code sleep}, and
   * storage shows in the actor times only.
   */
  public static String scheduleNote(PaperAnalysis a, int users, long sleepMillis) {
    double share = a.scheduleShare(users, sleepMillis);
    if (share < SCHEDULE_SHARE_NOTED) {
      return "";
    }
    return String.format(Locale.ROOT, "Note: the sleep schedule, not storage, sets the overall time: actors start"
        + " %,d ms apart, so each cycle takes at least %,d ms ((users - 1) x sleep = %d x %,d ms) to release them,"
        + " %.0f %% of the average overall time (%.3f ms); compare the actor times, which storage sets.\n",
        sleepMillis, PaperAnalysis.scheduleMillisPerCycle(users, sleepMillis), users - 1, sleepMillis, share * 100,
        a.averageOverallMillis());
  }

  private static String pad(String s, int width, boolean left) {
    String spaces = " ".repeat(Math.max(0, width - s.length()));
    return left ? s + spaces : spaces + s;
  }

  private static String millis(double value) {
    return Double.isNaN(value) ? NOT_AVAILABLE : String.format(Locale.ROOT, "%.3f", value);
  }
}
