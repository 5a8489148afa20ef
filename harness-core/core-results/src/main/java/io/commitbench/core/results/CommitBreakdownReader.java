package io.commitbench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads {@code commit_breakdown} of a summary into a {@link CommitBreakdownView}; a file without one has none. */
final class CommitBreakdownReader {

  static final String KEY = "commit_breakdown";

  private CommitBreakdownReader() {}

  static Optional<CommitBreakdownView> read(JsonNode root) {
    JsonNode b = root.path(KEY);
    if (!b.isObject()) {
      return Optional.empty();
    }
    List<CommitBreakdownView.Part> parts = parts(b.path("parts"));
    List<CommitBreakdownView.Unmeasured> unmeasured = new ArrayList<>();
    b.path("unmeasured").forEach(u -> unmeasured.add(new CommitBreakdownView.Unmeasured(text(u, "name"),
        text(u, "reason"))));
    List<CommitBreakdownView.LogIo> logIo = new ArrayList<>();
    b.path("log_io").forEach(l -> logIo.add(new CommitBreakdownView.LogIo(text(l, "operation"), text(l, "file_class"),
        l.path("count").isNumber() ? l.path("count").asLong() : -1, number(l, "mean_ms"), number(l, "p50_ms"),
        number(l, "p99_ms"), text(l, "source"))));
    List<String> cost = new ArrayList<>();
    b.path("cost").forEach(c -> cost.add(c.asText()));
    return Optional.of(new CommitBreakdownView(b.path("measured").asBoolean(true), text(b, "reason"),
        b.path("commits").isNumber() ? b.path("commits").asLong() : -1, number(b, "client_commit_mean_ms"),
        number(b, "client_commit_p50_ms"), number(b, "client_commit_p99_ms"), text(b, "client_source"), parts,
        number(b, "parts_sum_ms"), number(b, "difference_ms"), unmeasured, parts(b.path("cross_checks")), logIo, cost));
  }

  private static List<CommitBreakdownView.Part> parts(JsonNode array) {
    List<CommitBreakdownView.Part> parts = new ArrayList<>();
    array.forEach(p -> parts.add(new CommitBreakdownView.Part(text(p, "name"), number(p, "mean_ms"),
        number(p, "p50_ms"), number(p, "p99_ms"), text(p, "source"))));
    return parts;
  }

  private static double number(JsonNode node, String key) {
    JsonNode value = node.path(key);
    return value.isNumber() ? value.asDouble() : Double.NaN;
  }

  private static String text(JsonNode node, String key) {
    JsonNode value = node.path(key);
    return value.isNull() || value.isMissingNode() ? "" : value.asText();
  }
}
