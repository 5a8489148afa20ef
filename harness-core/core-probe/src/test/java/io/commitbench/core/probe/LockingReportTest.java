package io.commitbench.core.probe;

import static io.commitbench.core.probe.ProbeSteps.DEADLOCK_1213;
import static io.commitbench.core.probe.ProbeSteps.failed;
import static io.commitbench.core.probe.ProbeSteps.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.core.dialect.IsolationLevel;
import java.util.List;
import org.junit.jupiter.api.Test;

class LockingReportTest {

  private static final LockingProbe.Settings SETTINGS = new LockingProbe.Settings(
      List.of(IsolationLevel.READ_COMMITTED), List.of(LockScenario.values()), 5, 1000,
      List.of("SET SESSION innodb_snapshot_isolation = ON"));

  private static List<LockingProbe.DatabaseProbe> probed() {
    LockOutcomes outcomes = new LockOutcomes(new ProbeSteps.CodeDialect(), "codes 1.0");
    ProbeRow deadlock = outcomes.deadlock(IsolationLevel.READ_COMMITTED, WaitSeen.LOCK_VIEW, ok(100, 303),
        failed(300, 302, DEADLOCK_1213));
    ProbeRow sameRow = outcomes.sameRow(IsolationLevel.READ_COMMITTED, WaitSeen.STILL_RUNNING, ok(100, 1153),
        ok(1150, 1152), ok(1154, 1155));
    return List.of(new LockingProbe.DatabaseProbe("codes 1.0", "test.cb_x_lock",
        List.of("SET SESSION innodb_lock_wait_timeout = 5"), List.of("innodb_deadlock_detect=ON"),
        List.of(deadlock, sameRow)));
  }

  @Test
  void textHasOneAlignedRowPerScenarioUnderItsHeaderThenBoundCodesAndDetails() {
    String text = LockingReport.TEXT.render(SETTINGS, probed());
    List<String> lines = text.lines().toList();

    assertThat(lines.get(0)).contains("bounded at 5 s").contains("holds its lock 1000 ms")
        .endsWith("Each session ran: SET SESSION innodb_snapshot_isolation = ON.");
    assertThat(lines.get(2)).startsWith("database   isolation       scenario  outcome");
    assertThat(lines.get(3)).matches(
        "codes 1.0  READ COMMITTED  deadlock  deadlock detected +S2 +deadlock +1213 +2 +2");
    assertThat(lines.get(4)).matches("codes 1.0  READ COMMITTED  same-row  waited, then updated +S2 +- +- +1053 +1");
    assertThat(lines.get(2).indexOf("after ms") + "after ms".length()).as("numbers right-aligned under their header")
        .isEqualTo(lines.get(3).length()).isEqualTo(lines.get(4).length());
    assertThat(text).contains("codes 1.0: table test.cb_x_lock (created and dropped); lock wait bound: SET SESSION"
        + " innodb_lock_wait_timeout = 5; server defaults: innodb_deadlock_detect=ON")
        .contains("Codes seen:\n  codes 1213 (deadlock): Deadlock found when trying to get lock\n")
        .contains("codes 1.0, READ COMMITTED, same-row: S1 committed 1052 ms after S2's update began")
        .contains("(blocked statement not seen in a lock view, but ran 200 ms or longer)");
  }

  @Test
  void markdownIsAPipeTableWithTheNumbersRightAligned() {
    String markdown = LockingReport.MARKDOWN.render(SETTINGS, probed());

    assertThat(markdown).contains("| database | isolation | scenario | outcome | session | class | code | waited ms"
        + " | after ms |\n|---|---|---|---|---|---|---|---:|---:|\n"
        + "| codes 1.0 | READ COMMITTED | deadlock | deadlock detected | S2 | deadlock | 1213 | 2 | 2 |\n")
        .contains("- codes 1213 (deadlock): Deadlock found");
  }

  @Test
  void jsonCarriesEveryRowWithItsNumbersAndTheSettings() throws Exception {
    JsonNode root = new ObjectMapper().readTree(LockingReport.JSON.render(SETTINGS, probed()));

    assertThat(root.path("schema").asText()).isEqualTo(LockingReport.JSON_SCHEMA);
    assertThat(root.path("lockTimeoutSeconds").asInt()).isEqualTo(5);
    assertThat(root.path("holdMillis").asLong()).isEqualTo(1000);
    assertThat(root.path("sessionSql").get(0).asText()).isEqualTo("SET SESSION innodb_snapshot_isolation = ON");
    assertThat(root.path("databases").get(0).path("lockBound").get(0).asText())
        .isEqualTo("SET SESSION innodb_lock_wait_timeout = 5");
    JsonNode deadlock = root.path("rows").get(0);
    assertThat(deadlock.path("outcome").asText()).isEqualTo("deadlock_detected");
    assertThat(deadlock.path("isolation").asText()).isEqualTo("READ COMMITTED");
    assertThat(deadlock.path("scenario").asText()).isEqualTo("deadlock");
    assertThat(deadlock.path("errorClass").asText()).isEqualTo("deadlock");
    assertThat(deadlock.path("code").asText()).isEqualTo("1213");
    assertThat(deadlock.path("waitSeen").asText()).isEqualTo("lock_view");
    JsonNode sameRow = root.path("rows").get(1);
    assertThat(sameRow.path("errorClass").isNull()).isTrue();
    assertThat(sameRow.path("waitedMillis").asLong()).isEqualTo(1053);
    assertThat(sameRow.path("afterMillis").asLong()).isEqualTo(1);
  }

  @Test
  void formatsAreNamedAsTheOptionTakesThem() {
    assertThat(LockingReport.allowed()).isEqualTo("text, markdown, json");
  }
}
