package io.commitbench.core.results;

/**
 * One of the server's counters (a difference over the run) or derived figures from {@code
 * summary.json}: a value with its unit, or absent with the reason.
 *
 * @param value the value, NaN when absent
 * @param absentReason why there is none, or null when present
 */
public record ServerFigure(String name, double value, String unit, String absentReason) {

  public boolean present() {
    return absentReason == null;
  }
}
