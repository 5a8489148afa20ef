package io.commitbench.storage.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.journal.JournalEntry;
import io.commitbench.storage.journal.JournalReader;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Work that journals its own lines ({@link Action#journaling}): a statement repeated until a state
 * shows, each run shown, timed and journaled as its own line; its failure thrown on as it is, of
 * whatever type; a command left to the operator ({@link Action#forOperator}) shown and noted, never
 * run; a plan of two phases numbered as one.
 */
class ApplierJournalingTest {

  private static final CommandRunner OK = c -> new CommandResult(c, 0, "", "");

  @TempDir Path dir;

  /** A server that needs {@code needed} switches: each one journaled with what ran for it. */
  private static Action switchUntil(int needed, List<String> executed) {
    return Action.journaling(List.of("SWITCH"), lines -> {
      for (int i = 0; i < needed; i++) {
        lines.run("SWITCH", () -> executed.add("SWITCH"));
        lines.step("switched", Map.of("reason", "try " + (i + 1)));
      }
      lines.note("current at last");
    });
  }

  @Test
  void journalingWorkIsShownOnceInThePlanAndJournalsALinePerStatementItRan() throws Exception {
    List<String> executed = new ArrayList<>();
    List<String> progress = new ArrayList<>();
    Step discover = Step.recordedByActions("discover", Action.journaling(List.of("SELECT"), lines -> {
      lines.run("SELECT", () -> "3 groups");
      lines.step("discovered", Map.of("groups", "3"));
    }));
    Step switches = Step.recordedByActions("switch until current", switchUntil(3, executed));
    Step left = Step.recordedByActions("remove the old file (by its operator)", Action.forOperator("rm -- /old",
        () -> Action.Outcome.note("left for the operator: rm -- /old", Map.of())));

    Plan plan = new Plan.Builder("t").step(discover).step(switches).step(left).build();
    assertThat(plan.steps()).extracting(PlannedStep::actions).containsExactly(List.of("SELECT"), List.of("SWITCH"),
        List.of("rm -- /old"));

    Path file = dir.resolve("j.journal");
    try (Applier applier = Applier.begin(file, "op", Map.of(), OK, progress::add)) {
      applier.applyFrom(1, List.of(discover));
      applier.applyFrom(2, List.of(switches, left));
      applier.completed();
    }

    assertThat(executed).hasSize(3);
    List<JournalEntry> entries = JournalReader.read(file).entries();
    assertThat(entries).extracting(e -> e.event() + " " + e.text()).containsExactly("begin op", "step discovered",
        "step switched", "step switched", "step switched", "note current at last", "note left for the operator: rm -- /old",
        "end completed");
    assertThat(entries.get(1).detail()).containsEntry("groups", "3").containsEntry("ran", "SELECT")
        .containsEntry("exit", "0");
    assertThat(entries.get(4).detail()).as("each switch line says what ran for it, and only that")
        .containsEntry("reason", "try 3").containsEntry("ran", "SWITCH");
    assertThat(entries.get(6).detail()).as("the operator's command did not run").doesNotContainKey("ran");
    assertThat(progress).containsExactly("   1. discover", "        $ SELECT", "   2. switch until current",
        "        $ SWITCH", "        $ SWITCH", "        $ SWITCH", "   3. remove the old file (by its operator)",
        "        left for the operator: rm -- /old");
  }

  @Test
  void aFailureOfJournalingWorkIsThrownOnAsItIsAndJournaled() throws Exception {
    Step sql = Step.recordedByActions("drop", Action.journaling(List.of("DROP 1"), lines -> lines.run("DROP 1", () -> {
      throw new SQLException("log 1 is still needed", "72000", 1624);
    })));
    Step wait = Step.recordedByActions("wait", Action.journaling(List.of("CHECKPOINT"), lines -> {
      throw new TimeoutException("gave up waiting");
    }));
    Path file = dir.resolve("f.journal");
    try (Applier applier = Applier.begin(file, "op", Map.of(), OK, line -> { })) {
      assertThatThrownBy(() -> applier.applyFrom(1, List.of(sql))).isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(1624));
      assertThatThrownBy(() -> applier.applyFrom(2, List.of(wait))).isInstanceOf(TimeoutException.class);
      applier.end("failed");
    }
    assertThat(JournalReader.read(file).entries()).anyMatch(e -> e.event().equals("note")
        && e.text().startsWith("action failed after ") && e.text().endsWith(" s: DROP 1: log 1 is still needed")
        && e.detail().get("ran").equals("DROP 1") && e.detail().get("exit").equals("1"));
  }

  @Test
  void applyRefusesJournalingWorkBeforeRunningAnything() throws Exception {
    List<String> progress = new ArrayList<>();
    Step first = Step.of("first", "did the first", Action.inProcess("add to the progress", () -> progress.add("ran")));
    Step sql = Step.recordedByActions("switch", switchUntil(1, new ArrayList<>()));
    try (Applier applier = Applier.begin(dir.resolve("r.journal"), "op", Map.of(), OK, progress::add)) {
      assertThatThrownBy(() -> applier.apply(List.of(first, sql))).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("applyFrom");
    }
    assertThat(progress).isEmpty();
  }
}
