package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.Tables;
import io.commitbench.it.support.TestNames;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The read-only set end to end on each database, once with char and once with varchar string
 * columns: the load writes every row, each query type runs about as often as its weight says
 * (4:2:1:1 over a fixed count of transactions), the char table is larger than the varchar one
 * (char pads every value to its declared length), and the table is gone after each run.
 */
class PerconaWorkloadIT {

  private static final int ROWS = 5_000;
  private static final int TRANSACTIONS = 4_000;
  private static final Map<String, Integer> WEIGHTS = Map.of("pk", 4, "secondary", 2, "covering", 1, "limit", 1);

  @ParameterizedTest(name = "{0}")
  @EnumSource(value = DatabaseKind.class, names = {"H2", "POSTGRESQL", "MARIADB"})
  void queriesByWeightAndCharTakesMoreSpaceThanVarchar(DatabaseKind kind, @TempDir Path tmp) throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    long charBytes = run(kind, target, tmp, "char");
    long varcharBytes = run(kind, target, tmp, "varchar");
    assertThat(charBytes).as("char table against varchar table").isGreaterThan(varcharBytes);
  }

  /** One run; returns the data size it reported. */
  private static long run(DatabaseKind kind, DatabaseTarget target, Path tmp, String strings) throws Exception {
    TestNames names = TestNames.unique();
    Map<String, String> keys = new HashMap<>(Map.of("workload", "percona-ro", "users", "2", "transactions",
        Integer.toString(TRANSACTIONS), "percona.table.size", Integer.toString(ROWS), "percona.strings", strings,
        "load.threads", "2"));
    WEIGHTS.forEach((type, weight) -> keys.put("percona.weight." + type, Integer.toString(weight)));
    Path file = Commitbench.writeParameterFile(tmp.resolve("percona-" + strings + ".properties"), keys);
    Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "shared");

    RunOutput run = Commitbench.run(file, tmp.resolve("results"), "percona-" + strings, settings);

    assertThat(run.exitCode()).as(run.describe()).isZero();
    JsonNode summary = run.summary();
    JsonNode f = summary.path("workloadFigures");
    assertThat(f.path("strings").asText()).isEqualTo(strings);
    assertThat(f.path("load").path("rows").asLong()).isEqualTo(ROWS);
    assertThat(f.path("load").path("seconds").asDouble()).isPositive();
    assertThat(summary.path("totals").path("transactions").asLong()).isEqualTo(TRANSACTIONS);
    int total = WEIGHTS.values().stream().mapToInt(Integer::intValue).sum();
    for (Map.Entry<String, Integer> w : WEIGHTS.entrySet()) {
      double expected = (double) TRANSACTIONS * w.getValue() / total;
      long count = summary.path("types").path(w.getKey()).path("count").asLong();
      assertThat((double) count).as("%s: weight %d of %d", w.getKey(), w.getValue(), total)
          .isBetween(expected * 0.8, expected * 1.2);
      assertThat(f.path("queries").path(w.getKey()).path("p50Millis").asDouble()).isPositive();
    }
    assertThat(run.report()).contains("Read-only set (Percona's user-account table, " + strings);
    long bytes = f.path("dataSize").path("bytes").asLong();
    // A row holds at least its id, dates and numbers and some 60 characters of text.
    assertThat(bytes).as("%s size as %s reports it", strings, f.path("dataSize").path("how").asText())
        .isBetween(ROWS * 60L, ROWS * 2_000L);
    assertThat(Tables.exists(target, names.tablePrefix() + "1")).as("dropped after the run").isFalse();
    return bytes;
  }
}
