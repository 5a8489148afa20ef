package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.HelpCommand;

/**
 * Each command's summary, the first line of its description, is what its parent's command list
 * shows: one complete sentence that fits that list's line, as the jar prints it.
 */
class HelpSummaryTest {

  @Test
  void everySummaryIsASentenceThatFitsOneLineOfItsParentsCommandList() {
    List<String> problems = new ArrayList<>();
    for (CommandLine command : commands()) {
      String name = command.getCommandSpec().qualifiedName();
      String[] description = command.getCommandSpec().usageMessage().description();
      String summary = description.length == 0 ? "" : description[0];
      if (!summary.matches("[A-Z].*\\.")) {
        problems.add(name + ": the summary is not one sentence: '" + summary + "'");
      }
      long listed = command.getSubcommands().values().stream().distinct().count();
      List<String> lines = command.getHelp().commandList().lines().toList();
      if (lines.size() != listed) {
        problems.add(name + ": its command list takes " + lines.size() + " lines for " + listed + " commands:\n"
            + String.join("\n", lines));
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void everyCommandsHelpEndsWithTheDocumentationToRead() {
    for (CommandLine command : commands()) {
      List<String> footer = Arrays.asList(command.getCommandSpec().usageMessage().footer());
      assertThat(footer).as(command.getCommandSpec().qualifiedName()).anyMatch(l -> l.startsWith("Documentation: docs/"));
    }
    assertThat(CliRun.execute("--help").out()).contains("docs/cli.md", "docs/keys.md");
  }

  /** Every command of the jar, picocli's {@code help} left out. */
  private static List<CommandLine> commands() {
    List<CommandLine> all = new ArrayList<>();
    Deque<CommandLine> next = new ArrayDeque<>(List.of(CommitbenchMain.commandLine()));
    while (!next.isEmpty()) {
      CommandLine command = next.poll();
      if (command.getCommandSpec().userObject() instanceof HelpCommand) {
        continue;
      }
      all.add(command);
      next.addAll(command.getSubcommands().values());
    }
    return all;
  }
}
