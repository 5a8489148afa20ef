package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.measure.KindTotals;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.report.ReportFixtures;
import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.report.RunResult;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The closing warning of a run with failed statements: its total is the sum of the counts it
 * lists, and it says which of them failed in the warm-up.
 */
class ClosingWarningsTest {

  private static final Pattern COUNT = Pattern.compile("([a-z_]+) (\\d+)");

  /**
   * Objects a lost server kept the cleanup from dropping: each with its statements, then the
   * cleanup command that finds them by their mark once the server answers.
   */
  @Test
  void leftoversOfALostServerEndWithTheirStatementsAndTheCleanupCommand() {
    RunResult result = ReportFixtures.completed();
    List<io.commitbench.core.report.Leftover> left = List.of(new io.commitbench.core.report.Leftover("user cb_u1",
        List.of("DROP ROLE cb_u1"), "not dropped: the admin connection was lost"));

    List<String> lines = ClosingWarnings.of(result, left, "postgres", true);

    assertThat(ClosingWarnings.of(result, left, "postgres", false)).as("the server answered: its statements last")
        .last().isEqualTo("  DROP ROLE cb_u1;");

    assertThat(lines).endsWith("warning: the cleanup left 1 object on the server; remove it as postgres with:",
        "  -- user cb_u1: not dropped: the admin connection was lost", "  DROP ROLE cb_u1;",
        "  -- or: commitbench cleanup <the run's parameter file and --set options> --run-id " + result.runId()
            + " --apply");
  }

  @Test
  void theTotalIsTheMeasuredAndTheWarmupFailuresEachWithTheirClasses() {
    RunResult result = withWarmup(ReportFixtures.completed(), Map.of(ErrorClass.CONSTRAINT_VIOLATION, 4L));

    List<String> lines = ClosingWarnings.of(result, List.of(), "postgres");

    assertThat(lines).hasSize(1);
    String line = lines.get(0);
    assertThat(line).startsWith("warning: the run completed with 8 failed statements in all: 4 in the measured window (")
        .contains(") and 4 in the warm-up (constraint_violation 4)");
    assertThat(sumOfClasses(line)).as("the classes listed add up to the total").isEqualTo(8);
  }

  @Test
  void withoutAWarmupTheBreakdownIsTheMeasuredOne() {
    RunResult result = ReportFixtures.completed();

    String line = ClosingWarnings.of(result, List.of(), "postgres").get(0);

    assertThat(line).startsWith("warning: the run completed with 4 failed statements (").doesNotContain("warm-up");
    assertThat(sumOfClasses(line)).isEqualTo(result.totals().errors());
  }

  @Test
  void aWarmupWithoutFailuresIsSaidToHaveNone() {
    RunResult result = withWarmup(ReportFixtures.completed(), Map.of());

    String line = ClosingWarnings.of(result, List.of(), "postgres").get(0);

    assertThat(line).contains("4 failed statements in the measured window (").contains("none in the warm-up");
  }

  @Test
  void failuresOnlyInTheWarmupStillWarn() {
    RunResult measuredClean = ReportFixtures.completed();
    RunResult result = withWarmup(new RunResult(measuredClean.runId(), measuredClean.harnessVersion(),
        measuredClean.config(), measuredClean.usersModeUsed(), measuredClean.startedAt(), measuredClean.endedAt(),
        measuredClean.outcome(), "", measuredClean.cycles(), measuredClean.actorCycles(), totals(Map.of()),
        measuredClean.logActivity(), List.of(), true, null, -1), Map.of(ErrorClass.DEADLOCK, 1L));

    String line = ClosingWarnings.of(result, List.of(), "postgres").get(0);

    assertThat(line).startsWith("warning: the run completed with 1 failed statement in the warm-up (deadlock 1),"
        + " none in the measured window");
  }

  @Test
  void aFailedRunHasNoSuchWarning() {
    RunResult completed = ReportFixtures.completed();
    RunResult failed = new RunResult(completed.runId(), completed.harnessVersion(), completed.config(),
        completed.usersModeUsed(), completed.startedAt(), completed.endedAt(), RunOutcome.FAILED, "lost the server",
        completed.cycles(), completed.actorCycles(), completed.totals(), completed.logActivity(), List.of(), true,
        null, -1);

    assertThat(ClosingWarnings.of(failed, List.of(), "postgres")).isEmpty();
  }

  private static long sumOfClasses(String line) {
    Matcher m = COUNT.matcher(line.substring(line.indexOf("statement")));
    long sum = 0;
    while (m.find()) {
      if (m.group(1).contains("_") || m.group(1).equals("deadlock")) {
        sum += Long.parseLong(m.group(2));
      }
    }
    return sum;
  }

  private static RunResult withWarmup(RunResult r, Map<ErrorClass, Long> warmupInsertErrors) {
    return new RunResult(r.runId(), r.harnessVersion(), r.config(), r.usersModeUsed(), r.startedAt(), r.endedAt(),
        r.outcome(), r.failure(), r.cycles(), r.actorCycles(), r.totals(), r.logActivity(), r.companions(),
        r.autocommit(), totals(warmupInsertErrors), r.clientCpuNanos());
  }

  /** A second of totals whose inserts failed with these classes. */
  private static RunTotals totals(Map<ErrorClass, Long> insertErrors) {
    Map<OperationKind, KindTotals> kinds = new EnumMap<>(OperationKind.class);
    for (OperationKind kind : OperationKind.values()) {
      kinds.put(kind, new KindTotals(kind, new Histogram(3), kind == OperationKind.INSERT ? insertErrors : Map.of()));
    }
    return new RunTotals(kinds, List.of(), 0, 0, 1_000_000_000L, 0);
  }
}
