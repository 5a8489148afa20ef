package io.commitbench.core.server;

/**
 * One figure of a run's {@link LogActivity}: a counter's difference between the two snapshots,
 * or a figure derived from those differences; or the reason it does not exist.
 *
 * @param name a counter name (see {@link LogCounterNames}) or a derived figure's name (see
 *     {@link LogActivity#DERIVED})
 * @param value the figure; null when absent
 * @param unit unit of the value ({@code count}, {@code bytes}, {@code ms}, {@code ratio}, ...)
 * @param absentReason why it is absent; empty when present
 */
public record ActivityFigure(String name, Double value, String unit, String absentReason) {

  public static ActivityFigure of(String name, double value, String unit) {
    return new ActivityFigure(name, value, unit, "");
  }

  public static ActivityFigure absent(String name, String unit, String reason) {
    return new ActivityFigure(name, null, unit, reason);
  }

  public boolean present() {
    return value != null;
  }
}
