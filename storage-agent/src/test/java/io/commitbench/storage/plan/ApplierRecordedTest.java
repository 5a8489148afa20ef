package io.commitbench.storage.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.journal.JournalEntry;
import io.commitbench.storage.journal.JournalReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Steps whose actions say what the journal records ({@link Action#recorded}): the plan shows each
 * action's commands, and apply journals a step line with what was found when it ran, a note, or
 * nothing (then the action is not listed as ran).
 */
class ApplierRecordedTest {

  private static final CommandRunner OK = c -> new CommandResult(c, 0, "", "");

  @TempDir Path dir;

  @Test
  void aRecordedActionIsShownAsItsCommandsAndJournalsWhatItFound() throws Exception {
    List<String> progress = new ArrayList<>();
    Step copy = Step.recordedByActions("copy", Action.recorded(List.of("cp a b", "sync b"),
        () -> Action.Outcome.step("copied", Map.of("bytes", "42"))));
    Step stop = Step.recordedByActions("stop unless stopped", Action.recorded("stop it", Action.Outcome::none));
    Step check = Step.recordedByActions("check", Action.recorded("look", () -> Action.Outcome.note("verified: ok",
        Map.of())));
    Step lock = Step.of("take the lock", "took the lock", Action.inProcess("take the lock /l", () -> { }))
        .withDetail(Map.of("lock", "/l"));
    Step chown = Step.of("hand over", "handed over", Action.run(Command.of("chown", "x:", "/d")));

    Plan plan = new Plan.Builder("t").step(lock).step(copy).step(stop).step(check).step(chown).build();
    assertThat(plan.steps()).extracting(PlannedStep::actions).containsExactly(List.of(), List.of("cp a b", "sync b"),
        List.of("stop it"), List.of("look"), List.of("chown x: /d"));

    Path file = dir.resolve("j.journal");
    try (Applier applier = Applier.begin(file, "op", Map.of(), OK, progress::add)) {
      applier.apply(List.of(lock, copy, stop, check, chown));
      applier.completed();
    }

    List<JournalEntry> entries = JournalReader.read(file).entries();
    assertThat(entries).extracting(e -> e.event() + " " + e.text()).containsExactly("begin op", "step took the lock",
        "step copied", "note verified: ok", "step handed over", "end completed");
    assertThat(entries.get(1).detail()).containsEntry("lock", "/l").containsEntry("ran", "in-process: take the lock /l")
        .containsEntry("exit", "0");
    assertThat(entries.get(2).detail()).containsEntry("bytes", "42").containsEntry("ran", "cp a b && sync b")
        .containsEntry("exit", "0");
    assertThat(entries.get(4).detail().get("ran")).as("the stop that found nothing to do did not run; the look did")
        .isEqualTo("look\nchown x: /d");
    assertThat(entries.get(4).detail().get("exit")).isEqualTo("0\n0");
    assertThat(progress).as("in-process work without a shell equivalent is not shown as a command")
        .noneMatch(l -> l.contains("in-process"));
    assertThat(progress).containsSubsequence("        $ cp a b && sync b", "        $ stop it", "        (nothing to do)",
        "        $ look", "        $ chown x: /d");
  }
}
