package io.commitbench.cli.reference;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.cli.CommitbenchMain;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** docs/cli.md: every command under the heading other pages link to, with what its help declares. */
class CliPageTest {

  private final String page = new CliPage(CommitbenchMain.commandLine()).render();
  private final Map<String, String> sections = KeysPageTest.sections(page);

  @Test
  void everyCommandHasAHeadingOfItsFullNameAndPicocliHelpHasNone() {
    List<CommandLine> commands = CliPage.commands(CommitbenchMain.commandLine());

    assertThat(sections.keySet()).containsExactlyElementsOf(commands.stream().map(CliPage::heading).toList());
    assertThat(sections).containsKeys("commitbench", "commitbench run", "commitbench storage lab",
        "commitbench storage lab up", "commitbench storage instance write-log-through", "commitbench container rm");
    assertThat(sections.keySet()).noneMatch(h -> h.endsWith(" help"));
    assertThat(Markdown.anchor("commitbench storage lab")).isEqualTo("commitbench-storage-lab");
    assertThat(Markdown.anchor("commitbench run")).isEqualTo("commitbench-run");
  }

  @Test
  void aSectionHoldsTheSynopsisParametersOptionsDefaultsAndExitCodes() {
    String run = sections.get("commitbench run");
    assertThat(run).contains("```text\ncommitbench run [-hV] [--set=KEY=VALUE]... FILE\n```", "| `FILE` |",
        "| `--set=KEY=VALUE` |", "| `130` | interrupted by Ctrl-C (SIGINT); results written |",
        "Documentation: [run-control.md](run-control.md)").doesNotContain("`--help`");

    assertThat(sections.get("commitbench storage lab up"))
        .contains("| `--root=DIR` | `/var/tmp/commitbench-lab` |", "| `--apply` |  |",
            "Example: `commitbench storage lab up --disks 3 --disk-size 512M --apply`");
    assertThat(sections.get("commitbench storage instance create")).contains("| `--kind=<kind>` | *required* |");
    assertThat(sections.get("commitbench storage")).contains("| [`lab`](#commitbench-storage-lab) | Builds,");
  }

  @Test
  void anAlignedListInADescriptionStaysAsItIsAndProseIsEscaped() {
    assertThat(sections.get("commitbench storage layout"))
        .contains("```text\n  plain           the filesystem on exactly one device; no snapshots\n");
    assertThat(sections.get("commitbench run")).contains("cb\\_\\<run id\\>\\_\\<4 random\\>\\_1");
    assertThat(sections.get("commitbench storage relocate-log")).contains("CDB\\$ROOT");
  }
}
