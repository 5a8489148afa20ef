package io.commitbench.core.report;

import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.breakdown.UnmeasuredPart;
import io.commitbench.core.measure.KindTotals;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.RunTotals;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Splits the client's commits over the sources' readings. A source's time summed over the run's
 * sessions becomes a commit's share by dividing it by the client's commits; a source's mean per
 * event (a probe's round trip, one log sync) is a commit's share as it is, since each commit waits
 * for one. When two sources measure the same part, the first (in the order the sources are given:
 * the server's own waits before the kernel) is the part and the second a cross-check.
 *
 * <pre>
 * CommitBreakdown b = CommitSplit.of(totals, List.of(waits.end(), kernel.end(), roundTrip.end()));
 * </pre>
 */
public final class CommitSplit {

  private CommitSplit() {}

  public static CommitBreakdown of(RunTotals totals, List<SourceReading> readings) {
    KindTotals commitCalls = totals.kind(OperationKind.COMMIT);
    boolean timed = commitCalls != null && commitCalls.count() > 0;
    long commits = timed ? commitCalls.count() : totals.transactions();
    double mean = Double.NaN;
    Double p50 = null;
    Double p99 = null;
    String clientSource;
    List<UnmeasuredPart> unmeasured = new ArrayList<>();
    if (timed) {
      Histogram h = commitCalls.latencyNanos();
      mean = h.getMean() / 1e6;
      p50 = h.getValueAtPercentile(50) / 1e6;
      p99 = h.getValueAtPercentile(99) / 1e6;
      clientSource = String.format(Locale.ROOT, "client: the commit call, %d commits", commits);
    } else {
      clientSource = String.format(Locale.ROOT, "client: no commit call is timed; parts per transaction, %d"
          + " transactions", commits);
      unmeasured.add(new UnmeasuredPart("client_commit", "the workload's statements commit by themselves"
          + " (autocommit), so the client times no commit of its own"));
    }
    Map<String, CommitBreakdown.Part> parts = new LinkedHashMap<>();
    List<CommitBreakdown.Part> crossChecks = new ArrayList<>();
    List<LogIoView> logIo = new ArrayList<>();
    List<String> cost = new ArrayList<>();
    for (SourceReading reading : readings) {
      for (PartReading r : reading.parts()) {
        CommitBreakdown.Part part = share(r, commits);
        if (part == null) {
          continue;
        }
        if (parts.containsKey(r.name())) {
          crossChecks.add(part);
        } else {
          parts.put(r.name(), part);
        }
      }
      logIo.addAll(reading.views());
      cost.addAll(reading.cost());
    }
    for (SourceReading reading : readings) {
      for (UnmeasuredPart u : reading.unmeasured()) {
        if (!parts.containsKey(u.name())) {
          unmeasured.add(u);
        }
      }
    }
    List<CommitBreakdown.Part> ordered = new ArrayList<>(parts.values());
    ordered.sort(Comparator.comparingInt(p -> rank(p.name())));
    return new CommitBreakdown("", commits, mean, p50, p99, clientSource, ordered, unmeasured, crossChecks, logIo,
        cost);
  }

  /** A reading as a commit's share; null for a total over no commits, which has no share. */
  private static CommitBreakdown.Part share(PartReading r, long commits) {
    if (r.basis() == PartReading.Basis.PER_EVENT) {
      return new CommitBreakdown.Part(r.name(), r.millis(), r.p50Millis(), r.p99Millis(), r.source());
    }
    return commits == 0 ? null : new CommitBreakdown.Part(r.name(), r.millis() / commits, null, null, r.source());
  }

  private static int rank(String part) {
    int rank = CommitParts.ORDER.indexOf(part);
    return rank < 0 ? CommitParts.ORDER.size() : rank;
  }
}
