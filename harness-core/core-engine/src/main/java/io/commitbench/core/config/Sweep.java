package io.commitbench.core.config;

import io.commitbench.core.key.ParameterKeys;
import java.util.List;

/**
 * A sweep ({@code sweep.key}, {@code sweep.values}): the run's configuration once per value, each
 * bound and checked like a run of its own, all with the same table and user names, so that the
 * setup can be kept from one value to the next.
 *
 * @param key the swept key
 * @param points one per value, in the order given
 */
public record Sweep(String key, List<Point> points) {

  public Sweep {
    points = List.copyOf(points);
  }

  /**
   * One value of the sweep.
   *
   * @param value as written in {@code sweep.values}, trimmed
   * @param config the run's configuration with the key at this value
   */
  public record Point(String value, BenchmarkConfig config) {

    /** The point's folder in the sweep's: {@code rate=100}. */
    public String folder(String key) {
      return key + "=" + value;
    }
  }

  public List<String> values() {
    return points.stream().map(Point::value).toList();
  }

  /** Whether the tables and users may go on from one value to the next (see {@link ParameterKeys#SWEPT_WITH_SETUP_KEPT}). */
  public boolean setupFitsEveryValue() {
    return ParameterKeys.SWEPT_WITH_SETUP_KEPT.contains(key);
  }
}
