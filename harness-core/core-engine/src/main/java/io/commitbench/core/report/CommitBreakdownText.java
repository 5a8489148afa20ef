package io.commitbench.core.report;

import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.UnmeasuredPart;
import java.util.Locale;

/** The report's block "Where a commit's time goes" (see {@link CommitBreakdown}). */
public final class CommitBreakdownText {

  private static final String ROW = "  %-20s %9s %9s %9s %7s  %s%n";

  private CommitBreakdownText() {}

  public static final String TITLE = "##### Where a commit's time goes #####";

  public static String block(CommitBreakdown b) {
    StringBuilder out = new StringBuilder(TITLE).append('\n');
    if (!b.measured()) {
      return out.append("not measured: ").append(b.measuredReason()).append("\n#####").toString();
    }
    out.append(b.clientSource()).append('\n');
    out.append(String.format(Locale.ROOT, ROW, "part", "mean ms", "p50 ms", "p99 ms", "share", "source"));
    for (CommitBreakdown.Part p : b.parts()) {
      out.append(String.format(Locale.ROOT, ROW, p.name(), ms(p.meanMillis()), ms(p.p50Millis()), ms(p.p99Millis()),
          share(p.meanMillis(), b.clientMeanMillis()), p.source()));
    }
    out.append(String.format(Locale.ROOT, ROW, "parts' sum", ms(b.partsSumMillis()), "", "",
        share(b.partsSumMillis(), b.clientMeanMillis()), ""));
    out.append(String.format(Locale.ROOT, ROW, "client's mean", ms(b.clientMeanMillis()), ms(b.clientP50Millis()),
        ms(b.clientP99Millis()), "", "the client's own timing"));
    out.append(String.format(Locale.ROOT, ROW, "difference", ms(b.differenceMillis()), "", "",
        share(b.differenceMillis(), b.clientMeanMillis()), "not accounted for by a measured part"));
    for (UnmeasuredPart u : b.unmeasured()) {
      out.append("  unmeasured: ").append(u.name()).append(": ").append(u.reason()).append('\n');
    }
    for (CommitBreakdown.Part c : b.crossChecks()) {
      out.append(String.format(Locale.ROOT, "  cross-check: %s %s ms (%s)%n", c.name(), ms(c.meanMillis()),
          c.source()));
    }
    for (LogIoView v : b.logIo()) {
      out.append(String.format(Locale.ROOT, "  I/O: %s on %s files: %d, mean %s ms, p50 %s, p99 %s (%s)%n",
          v.operation(), v.fileClass(), v.count(), ms(v.meanMillis()), ms(v.p50Millis()), ms(v.p99Millis()),
          v.source()));
    }
    for (String line : b.cost()) {
      out.append("  cost: ").append(line).append('\n');
    }
    return out.append("#####").toString();
  }

  private static String ms(Double value) {
    return value == null || !Double.isFinite(value) ? "-" : String.format(Locale.ROOT, "%.3f", value);
  }

  private static String share(double part, double whole) {
    return Double.isFinite(part) && Double.isFinite(whole) && whole > 0
        ? String.format(Locale.ROOT, "%.1f%%", 100 * part / whole) : "-";
  }
}
