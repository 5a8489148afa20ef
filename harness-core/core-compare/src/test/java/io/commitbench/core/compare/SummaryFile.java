package io.commitbench.core.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run's summary.json of schema commitbench.summary/1 with the keys compare reads, built figure by
 * figure: a completed commit-workload run of 4 users by default, 1,000 measured transactions in
 * 10 s, no warm-up, 1,000 server commits.
 */
final class SummaryFile {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final Map<String, String> config = new TreeMap<>(Map.of("workload", "commit", "users", "4",
      "duration", "10", "commit.rows", "1", "rate", "", "rate.backlog", "10", "db.url", "jdbc:postgresql://h/test",
      "run.id", "r"));
  private String outcome = "completed";
  private String failure;
  private long transactions = 1000;
  private double seconds = 10;
  private long warmupTransactions = -1;
  private long shed;
  private double responseP50 = 2.0;
  private double serviceP50 = 1.5;
  private Double serverCommits = 1000.0;
  private String serverReset;
  private ObjectNode paper;
  private ObjectNode workloadFigures;
  private ObjectNode rate;

  SummaryFile set(String key, String value) {
    config.put(key, value);
    return this;
  }

  SummaryFile outcome(String outcome, String failure) {
    this.outcome = outcome;
    this.failure = failure;
    return this;
  }

  /** {@code transactions} over {@code seconds} of measurement. */
  SummaryFile measured(long transactions, double seconds) {
    this.transactions = transactions;
    this.seconds = seconds;
    return this;
  }

  SummaryFile warmup(long transactions) {
    this.warmupTransactions = transactions;
    return this;
  }

  SummaryFile shed(long shed) {
    this.shed = shed;
    return this;
  }

  SummaryFile response(double p50, double serviceP50) {
    this.responseP50 = p50;
    this.serviceP50 = serviceP50;
    return this;
  }

  /** The server's commit count; null: the server counts none (H2). */
  SummaryFile serverCommits(Double commits) {
    this.serverCommits = commits;
    return this;
  }

  /** The server's counters started again from zero, for this reason: each is absent with it. */
  SummaryFile serverReset(String reason) {
    this.serverReset = reason;
    return this;
  }

  SummaryFile paper(String json) throws IOException {
    this.paper = (ObjectNode) MAPPER.readTree(json);
    return this;
  }

  SummaryFile workloadFigures(String json) throws IOException {
    this.workloadFigures = (ObjectNode) MAPPER.readTree(json);
    return this;
  }

  /** The run's own verdict on its target rate, as {@code rate} in summary.json. */
  SummaryFile rateVerdict(boolean missed) {
    this.rate = MAPPER.createObjectNode().put("missed", missed);
    return this;
  }

  Path write(Path dir) throws IOException {
    Files.createDirectories(dir);
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", "commitbench.summary/1");
    root.put("runId", dir.getFileName().toString());
    root.put("harnessVersion", "0.1.0-SNAPSHOT");
    root.put("startedAt", "2025-01-01T10:00:00Z");
    root.put("outcome", outcome);
    root.put("failure", failure);
    ObjectNode c = root.putObject("config");
    config.forEach(c::put);
    root.set("paper", paper != null ? paper : MAPPER.readTree("{\"overallMillis\":0.0,\"averageOverallMillis\":null,"
        + "\"cycles\":0,\"actorCycles\":0}"));
    ObjectNode totals = root.putObject("totals");
    totals(totals, transactions, seconds);
    totals.put("shedArrivals", shed);
    root.put("workload", config.get("workload"));
    if (rate != null) {
      root.set("rate", rate);
    }
    if (workloadFigures != null) {
      root.set("workloadFigures", workloadFigures);
    }
    ObjectNode type = root.putObject("types").putObject("commit");
    type.put("count", transactions);
    latency(type.putObject("responseMillis"), responseP50);
    latency(type.putObject("serviceMillis"), serviceP50);
    if (warmupTransactions >= 0) {
      totals(root.putObject("warmup"), warmupTransactions, 2);
    } else {
      root.putNull("warmup");
    }
    ObjectNode server = root.putObject("server");
    server.put("reset", serverReset);
    ObjectNode counters = server.putObject("counters");
    if (serverReset != null) {
      counters.putObject("commits").put("absent", serverReset);
    } else if (serverCommits != null) {
      counters.putObject("commits").put("delta", serverCommits).put("unit", "count");
    } else {
      counters.putObject("commits").put("absent", "H2 counts no commits");
    }
    if (serverReset == null) {
      counters.putObject("log_bytes").put("delta", 100_000).put("unit", "bytes");
    }
    server.putObject("derived").putObject("log_bytes_per_commit").put("value", 100.0).put("unit", "bytes");
    Files.writeString(dir.resolve("summary.json"), MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root));
    return dir;
  }

  private static void totals(ObjectNode node, long transactions, double seconds) {
    node.put("measuredSeconds", seconds);
    node.put("transactions", transactions);
    // As the run writes them: 0, not NaN, over no measured time.
    node.put("transactionsPerSecond", seconds == 0 ? 0.0 : transactions / seconds);
    node.put("operations", transactions);
    node.put("operationsPerSecond", seconds == 0 ? 0.0 : transactions / seconds);
  }

  private static void latency(ObjectNode node, double p50) {
    node.put("mean", p50).put("p50", p50).put("p90", p50 * 1.5).put("p99", p50 * 2).put("p99_9", p50 * 3)
        .put("max", p50 * 4);
  }
}
