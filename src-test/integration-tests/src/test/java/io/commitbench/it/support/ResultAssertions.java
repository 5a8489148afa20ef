package io.commitbench.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/** Checks of a run's results shared by the tests: summary.json counts and report.txt's paper block. */
public final class ResultAssertions {

  /** The DML kinds of summary.json, in the paper's phase order. */
  public static final List<String> DML_KINDS = List.of("insert", "select", "update", "delete");

  /** The labels of the paper's analysis block, in its order. */
  public static final List<String> PAPER_LABELS = List.of(
      "Overall time (all cycles)",
      "Average overall time (all cycles)",
      "Average actor time",
      "Average actor insert time",
      "Average actor select time",
      "Average actor update time",
      "Average actor delete time");

  /** Width the paper pads its labels to, so the colons line up. */
  private static final int PAPER_LABEL_WIDTH = 35;

  private ResultAssertions() {}

  /** Exit code 0, outcome completed, no failure. */
  public static JsonNode assertCompleted(RunOutput run) {
    assertThat(run.exitCode()).as(run::describe).isZero();
    JsonNode summary = run.summary();
    assertThat(summary.path("schema").asText()).isEqualTo("commitbench.summary/1");
    assertThat(summary.path("outcome").asText()).as(run::describe).isEqualTo("completed");
    assertThat(summary.path("failure").isNull()).as("failure of a completed run: %s", summary.path("failure")).isTrue();
    return summary;
  }

  /**
   * Exit code 3, outcome completed: the run ran to its end but some statements failed (within
   * errors.max), and the report's last line says so.
   */
  public static JsonNode assertCompletedWithErrors(RunOutput run) {
    assertThat(run.exitCode()).as(run::describe).isEqualTo(3);
    JsonNode summary = run.summary();
    assertThat(summary.path("outcome").asText()).as(run::describe).isEqualTo("completed");
    String report = run.report().strip();
    assertThat(report.substring(report.lastIndexOf('\n') + 1)).as("the report's last line")
        .startsWith("warning: the run completed with");
    return summary;
  }

  /**
   * Every statement of the workload succeeded exactly once: each DML kind counts users × tables
   * × per table × repeat, nothing failed, nothing reconnected; every cycle of every actor is in
   * the paper figures. With autocommit each statement is a transaction; without it the commits
   * are exactly those {@link Workload#commits} predicts, and they are the transactions.
   */
  public static void assertExactCounts(JsonNode summary, Workload workload, boolean autocommit, int commitInterval) {
    long perKind = workload.statementsPerKind();
    for (String kind : DML_KINDS) {
      JsonNode k = summary.path("kinds").path(kind);
      assertThat(k.path("count").asLong()).as("kinds.%s.count", kind).isEqualTo(perKind);
      assertThat(k.path("errors").asLong()).as("kinds.%s.errors", kind).isZero();
      assertThat(k.path("latencyMillis").isObject()).as("kinds.%s.latencyMillis present", kind).isTrue();
    }
    JsonNode totals = summary.path("totals");
    assertThat(totals.path("operations").asLong()).as("totals.operations").isEqualTo(4 * perKind);
    assertNoErrors(summary);
    assertThat(totals.path("reconnects").asLong()).as("totals.reconnects").isZero();
    long commits = summary.path("kinds").path("commit").path("count").asLong();
    if (autocommit) {
      assertThat(commits).as("kinds.commit.count with autocommit").isZero();
      assertThat(totals.path("transactions").asLong()).as("totals.transactions with autocommit")
          .isEqualTo(4 * perKind);
    } else {
      assertThat(commits).as("kinds.commit.count with commit.interval=%d", commitInterval)
          .isPositive().isEqualTo(workload.commits(commitInterval));
      assertThat(totals.path("transactions").asLong()).as("totals.transactions without autocommit")
          .isEqualTo(commits);
    }
    assertThat(summary.path("cycles").size()).as("cycles[]").isEqualTo(workload.repeat());
    assertThat(summary.path("paper").path("cycles").asInt()).as("paper.cycles").isEqualTo(workload.repeat());
    assertThat(summary.path("paper").path("actorCycles").asInt()).as("paper.actorCycles")
        .isEqualTo(workload.users() * workload.repeat());
  }

  /** totals.errors is 0 and so is every class in totals.errorsByClass and in each kind. */
  public static void assertNoErrors(JsonNode summary) {
    assertThat(summary.path("totals").path("errors").asLong()).as("totals.errors").isZero();
    summary.path("totals").path("errorsByClass").fields().forEachRemaining(e ->
        assertThat(e.getValue().asLong()).as("totals.errorsByClass.%s", e.getKey()).isZero());
    summary.path("kinds").fields().forEachRemaining(kind ->
        assertThat(kind.getValue().path("errors").asLong()).as("kinds.%s.errors", kind.getKey()).isZero());
  }

  /**
   * report.txt holds the paper's block, line for line: the two heading lines, the seven labelled
   * figures in milliseconds with three decimals (labels padded as the paper pads them), and the
   * closing line.
   */
  public static void assertPaperBlock(String report) {
    List<String> lines = Arrays.asList(report.split("\n", -1));
    int start = lines.indexOf("##### Benchmark Overall Analysis #####");
    assertThat(start).as("'##### Benchmark Overall Analysis #####' in report.txt:\n%s", report).isNotNegative();
    assertThat(lines.get(start + 1)).isEqualTo("Results for all actors and all repeat cycles!");
    for (int i = 0; i < PAPER_LABELS.size(); i++) {
      String label = String.format("%-" + PAPER_LABEL_WIDTH + "s", PAPER_LABELS.get(i));
      assertThat(lines.get(start + 2 + i)).as("line %d of the paper block", i + 3)
          .matches(Pattern.quote(label) + ": +\\d+\\.\\d{3} ms");
    }
    assertThat(lines.get(start + 2 + PAPER_LABELS.size())).isEqualTo("#####");
  }
}
