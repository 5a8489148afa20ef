package io.commitbench.core.report;

import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.UnmeasuredPart;
import java.util.List;

/**
 * Where the run's commits spent their time: the client's mean commit latency beside the parts
 * the sources measured (round trip, log write, log sync, group-commit wait, ...), each with its
 * source, the parts no source could measure and why, and the difference between the two sums.
 * Nothing estimated is shown as measured: a part is either measured by a named source or listed
 * as unmeasured.
 *
 * @param measuredReason empty when the breakdown was measured; else why not (breakdown=false, the
 *     run ended before its actors)
 * @param commits the commits the parts are divided by (the client's, over the measured window)
 * @param clientMeanMillis the client's mean commit latency, or NaN when it times no commit call
 * @param clientP50Millis its median, or null
 * @param clientP99Millis its 99th percentile, or null
 * @param clientSource what the client's figure is ({@code the commit call, 4000 commits})
 * @param parts the measured parts, in {@link io.commitbench.core.breakdown.CommitParts#ORDER}
 * @param unmeasured parts, or whole sources, that could not be measured, with the reason
 * @param crossChecks the same parts as measured by a second source (the kernel beside the
 *     server's wait events), shown beside, not added
 * @param logIo what the sources saw of the server's log and data I/O
 * @param cost each source's own cost, one line each
 */
public record CommitBreakdown(String measuredReason, long commits, double clientMeanMillis, Double clientP50Millis,
    Double clientP99Millis, String clientSource, List<Part> parts, List<UnmeasuredPart> unmeasured,
    List<Part> crossChecks, List<LogIoView> logIo, List<String> cost) {

  /**
   * One part of a commit's mean time.
   *
   * @param name one of {@link io.commitbench.core.breakdown.CommitParts}
   * @param meanMillis its share of one commit's mean latency
   * @param p50Millis its median per event where the source has one, or null
   * @param p99Millis its 99th percentile per event, or null
   * @param source what measured it and how
   */
  public record Part(String name, double meanMillis, Double p50Millis, Double p99Millis, String source) {}

  public CommitBreakdown {
    parts = List.copyOf(parts);
    unmeasured = List.copyOf(unmeasured);
    crossChecks = List.copyOf(crossChecks);
    logIo = List.copyOf(logIo);
    cost = List.copyOf(cost);
  }

  /** A run without a breakdown, and why. */
  public static CommitBreakdown notMeasured(String reason) {
    return new CommitBreakdown(reason, 0, Double.NaN, null, null, "", List.of(), List.of(), List.of(), List.of(),
        List.of());
  }

  public boolean measured() {
    return measuredReason.isEmpty();
  }

  /** The measured parts' sum per commit. */
  public double partsSumMillis() {
    return parts.stream().mapToDouble(Part::meanMillis).sum();
  }

  /** The client's mean less the parts' sum: what no source accounts for (CPU, locks, unmeasured parts). */
  public double differenceMillis() {
    return clientMeanMillis - partsSumMillis();
  }
}
