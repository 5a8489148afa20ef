package io.commitbench.storage.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandFailedException;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.journal.JournalEntry;
import io.commitbench.storage.journal.JournalReader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every action the journal lists as ran has an exit code, never a placeholder: a process its own,
 * in-process work 0 when it did all it says, and on a failure the failed command's code, -1 for
 * one that could not start, or 1 for in-process work that failed of itself; the failure's note
 * lists what ran up to it. Real processes and real files.
 */
class ApplierExitCodesTest {

  private final ProcessCommandRunner runner = new ProcessCommandRunner(Duration.ofSeconds(30));

  @TempDir Path dir;

  @Test
  void everyActionThatRanHasItsExitCode() throws Exception {
    Path made = dir.resolve("made");
    Step mkdir = Step.of("make a directory", "made it", Action.local("mkdir " + made, () -> Files.createDirectory(made)));
    Step commands = Step.of("run two commands", "ran them", Action.run(Command.of("true")),
        Action.run(Command.of("sh", "-c", "exit 0")));
    Step lock = Step.of("take a lock", "took it", Action.inProcess("create a lock", () -> { }));
    Step recorded = Step.recordedByActions("copy", Action.recorded(List.of("cp a b", "sync b"),
        () -> Action.Outcome.step("copied", Map.of())));
    Path journal = dir.resolve("ok.journal");
    try (Applier applier = Applier.begin(journal, "op", Map.of(), runner, line -> { })) {
      applier.apply(List.of(mkdir, commands, lock, recorded));
      applier.local("echo 1 > " + dir.resolve("flag"), () -> Files.writeString(dir.resolve("flag"), "1"));
      applier.completed();
    }

    List<JournalEntry> entries = JournalReader.read(journal).entries();
    assertThat(entries).extracting(JournalEntry::text).containsExactly("op", "made it", "ran them", "took it", "copied",
        "ran", "completed");
    assertThat(entries.get(1).detail()).containsEntry("ran", "mkdir " + made).containsEntry("exit", "0");
    assertThat(entries.get(2).detail()).containsEntry("ran", "true\nsh -c 'exit 0'").containsEntry("exit", "0\n0");
    assertThat(entries.get(3).detail()).containsEntry("ran", "in-process: create a lock").containsEntry("exit", "0");
    assertThat(entries.get(5).detail()).as("what ran after the last step line").containsEntry("exit", "0");
    assertThat(entries).filteredOn(e -> e.detail().containsKey("ran"))
        .allSatisfy(e -> assertThat(e.detail().get("exit").split("\n"))
            .hasSameSizeAs(e.detail().get("ran").split("\n")).allMatch(code -> code.matches("-?[0-9]+")));
  }

  @Test
  void aFailedCommandIsJournaledWithItsOwnExitCodeAndWhatRanBeforeIt() throws Exception {
    Step step = Step.of("two commands", "ran them", Action.run(Command.of("true")),
        Action.run(Command.of("sh", "-c", "echo no >&2; exit 3")));
    Path journal = dir.resolve("failed.journal");
    try (Applier applier = Applier.begin(journal, "op", Map.of(), runner, line -> { })) {
      assertThatThrownBy(() -> applier.apply(List.of(step))).isInstanceOf(CommandFailedException.class);
      applier.end("failed");
    }
    JournalEntry failure = note(journal, "command failed after ");
    assertThat(failure.detail()).containsEntry("ran", "true\nsh -c 'echo no >&2; exit 3'")
        .containsEntry("exit", "0\n3");
    assertThat(failure.text()).contains("exit code 3").contains("no");
    assertThat(JournalReader.read(journal).entries()).as("nothing is listed twice").filteredOn(e -> e.detail()
        .containsKey("ran")).hasSize(1);
  }

  @Test
  void failedInProcessWorkHasExitCodeOneAndACommandThatCouldNotStartMinusOne() throws Exception {
    Path missing = dir.resolve("no/such/parent/made");
    Step mkdir = Step.of("make a directory", "made it", Action.local("mkdir " + missing,
        () -> Files.createDirectory(missing)));
    Step nowhere = Step.of("run a program that is not there", "ran it",
        Action.run(Command.of(dir.resolve("no-such-program").toString())));
    Step inside = Step.of("in-process work that runs a failing command", "ran it", Action.local("pg_ctl stop",
        () -> runner.run(Command.of("sh", "-c", "exit 7"))));
    Path journal = dir.resolve("in-process.journal");
    try (Applier applier = Applier.begin(journal, "op", Map.of(), runner, line -> { })) {
      assertThatThrownBy(() -> applier.apply(List.of(mkdir))).isInstanceOf(NoSuchFileException.class);
      assertThatThrownBy(() -> applier.apply(List.of(nowhere))).isInstanceOf(CommandFailedException.class);
      assertThatThrownBy(() -> applier.apply(List.of(inside))).isInstanceOf(CommandFailedException.class);
      applier.end("failed");
    }
    List<JournalEntry> failures = JournalReader.read(journal).entries().stream()
        .filter(e -> e.event().equals("note")).toList();
    assertThat(failures).extracting(e -> e.detail().get("ran") + " -> " + e.detail().get("exit")).containsExactly(
        "mkdir " + missing + " -> " + Applier.FAILED_IN_PROCESS,
        dir.resolve("no-such-program") + " -> -1",
        "pg_ctl stop -> 7");
    assertThat(failures.get(0).text()).startsWith("action failed after ").contains(missing.toString());
  }

  private static JournalEntry note(Path journal, String prefix) throws Exception {
    return JournalReader.read(journal).entries().stream().filter(e -> e.event().equals("note")
        && e.text().startsWith(prefix)).findFirst().orElseThrow();
  }
}
