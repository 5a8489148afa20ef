package io.commitbench.core.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.UnmeasuredPart;

/**
 * {@code summary.json}'s {@code commit_breakdown}: the client's mean commit latency, the parts
 * with their sources, what is unmeasured and why, the parts' sum and the difference. Numbers that
 * are not known (NaN, a percentile the source lacks) are null. A breakdown that was not measured
 * has the same keys, with nulls and empty lists, so that readers never meet a missing field.
 */
final class CommitBreakdownJson {

  private CommitBreakdownJson() {}

  static void write(ObjectNode node, CommitBreakdown b) {
    node.put("measured", b.measured());
    node.put("reason", b.measuredReason());
    node.put("commits", b.commits());
    number(node, "client_commit_mean_ms", b.clientMeanMillis());
    number(node, "client_commit_p50_ms", b.clientP50Millis());
    number(node, "client_commit_p99_ms", b.clientP99Millis());
    node.put("client_source", b.measured() ? b.clientSource() : null);
    parts(node.putArray("parts"), b);
    number(node, "parts_sum_ms", b.measured() ? b.partsSumMillis() : null);
    number(node, "difference_ms", b.differenceMillis());
    ArrayNode unmeasured = node.putArray("unmeasured");
    for (UnmeasuredPart u : b.unmeasured()) {
      unmeasured.addObject().put("name", u.name()).put("reason", u.reason());
    }
    ArrayNode checks = node.putArray("cross_checks");
    b.crossChecks().forEach(p -> part(checks.addObject(), p));
    ArrayNode io = node.putArray("log_io");
    for (LogIoView v : b.logIo()) {
      ObjectNode view = io.addObject();
      view.put("operation", v.operation());
      view.put("file_class", v.fileClass());
      view.put("count", v.count());
      number(view, "mean_ms", v.meanMillis());
      number(view, "p50_ms", v.p50Millis());
      number(view, "p99_ms", v.p99Millis());
      view.put("source", v.source());
    }
    ArrayNode cost = node.putArray("cost");
    b.cost().forEach(cost::add);
  }

  private static void parts(ArrayNode array, CommitBreakdown b) {
    b.parts().forEach(p -> part(array.addObject(), p));
  }

  private static void part(ObjectNode node, CommitBreakdown.Part p) {
    node.put("name", p.name());
    number(node, "mean_ms", p.meanMillis());
    if (p.p50Millis() != null) {
      number(node, "p50_ms", p.p50Millis());
    }
    if (p.p99Millis() != null) {
      number(node, "p99_ms", p.p99Millis());
    }
    node.put("source", p.source());
  }

  private static void number(ObjectNode node, String key, Double value) {
    if (value == null || value.isNaN() || value.isInfinite()) {
      node.putNull(key);
    } else {
      node.put(key, Math.round(value * 1e4) / 1e4);
    }
  }
}
