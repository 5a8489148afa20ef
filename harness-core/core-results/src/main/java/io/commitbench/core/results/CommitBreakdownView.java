package io.commitbench.core.results;

import java.util.List;
import java.util.Optional;

/**
 * A run's commit breakdown ({@code commit_breakdown} in {@code summary.json}): the client's mean
 * commit time beside the parts it is split into, what was left unmeasured and why, the figures
 * that cross-check a part, and the log's I/O. A number the file lacks, or writes as null, is NaN,
 * never zero. The parts are in the file's order; names this build does not know are kept.
 *
 * @param measured false when the run did not measure it: then only {@code reason} is set
 * @param reason why it was not measured, empty when it was
 * @param commits the client's commits in the measured window, -1 when the file does not say
 * @param clientMeanMs the client's mean commit time, NaN when the workload times no commit call
 * @param clientSource where the client's figure comes from, empty when the file does not say
 * @param partsSumMs the parts' means summed, NaN when the file does not say
 * @param differenceMs the client's mean minus the parts' sum, NaN when the client's mean is unknown
 * @param cost what measuring cost (sampling rates, probes), one line each
 */
public record CommitBreakdownView(boolean measured, String reason, long commits, double clientMeanMs,
    double clientP50Ms, double clientP99Ms, String clientSource, List<Part> parts, double partsSumMs,
    double differenceMs, List<Unmeasured> unmeasured, List<Part> crossChecks, List<LogIo> logIo, List<String> cost) {

  public CommitBreakdownView {
    parts = List.copyOf(parts);
    unmeasured = List.copyOf(unmeasured);
    crossChecks = List.copyOf(crossChecks);
    logIo = List.copyOf(logIo);
    cost = List.copyOf(cost);
  }

  /**
   * One part of a commit's time, or a figure that cross-checks one.
   *
   * @param p50Ms NaN where the source gives no percentile (most give only a mean)
   */
  public record Part(String name, double meanMs, double p50Ms, double p99Ms, String source) {}

  /** A part that could not be measured, and why ({@code breakdown.kernel=false}, ...). */
  public record Unmeasured(String name, String reason) {}

  /** The log's I/O of one operation on one class of file, as the kernel saw it. */
  public record LogIo(String operation, String fileClass, long count, double meanMs, double p50Ms, double p99Ms,
      String source) {}

  /** The parts' sum as the summary gives it, else the measured parts' means summed here. */
  public double partsSum() {
    return Double.isFinite(partsSumMs) ? partsSumMs
        : parts.stream().mapToDouble(Part::meanMs).filter(Double::isFinite).sum();
  }

  /** The part named {@code name}, when it was measured. */
  public Optional<Part> part(String name) {
    return parts.stream().filter(p -> p.name().equals(name)).findFirst();
  }

  /** Why the part named {@code name} was not measured, when the file lists it as unmeasured. */
  public Optional<String> unmeasuredReason(String name) {
    return unmeasured.stream().filter(u -> u.name().equals(name)).map(Unmeasured::reason).findFirst();
  }
}
