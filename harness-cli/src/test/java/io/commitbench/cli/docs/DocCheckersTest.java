package io.commitbench.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.cli.CommitbenchMain;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The documentation checkers on two small trees under src/test/resources/doc-fixtures: "sound",
 * where every kind of link, anchor, config file and command they handle is right, and "broken",
 * where each kind of breakage appears, so each check is seen to fail and to say where and why.
 */
class DocCheckersTest {

  private static final DocsTree SOUND = fixture("sound");
  private static final DocsTree BROKEN = fixture("broken");

  @Test
  void soundLinksAndAnchorsPass() {
    assertThat(new LinkChecker(SOUND).problems()).isEmpty();
  }

  @Test
  void brokenLinksAndAnchorsAreEachNamedWithPageAndLine() {
    assertThat(new LinkChecker(BROKEN).problems()).containsExactly(
        "README.md:5: docs/missing.md (no such file or folder: docs/missing.md)",
        "README.md:6: docs/guide.md#no-such-heading (no heading or anchor 'no-such-heading' in docs/guide.md)",
        "README.md:7: #nowhere (no heading or anchor 'nowhere' in README.md)",
        "README.md:8: #notes-2 (no heading or anchor 'notes-2' in README.md)",
        "README.md:9: docs/gone.md (no such file or folder: docs/gone.md)",
        "README.md:10: ../outside.md (outside the repository)",
        "README.md:11:  (empty target)");
  }

  @Test
  void everyShownConfigFilePasses() {
    assertThat(ConfigFilesShown.unshown(SOUND)).isEmpty();
  }

  @Test
  void aConfigFileNoPageNamesIsListed() {
    assertThat(ConfigFilesShown.unshown(BROKEN))
        .containsExactly("config/unshown.properties", "drivers/demo/config/paper-demo.properties");
  }

  @Test
  void commandsAreTakenFromFencedBlocksWithTheirContinuationLinesAndMarks() {
    List<DocumentedCommands.Command> commands = DocumentedCommands.in(SOUND);
    // Thirteen lines start with the prefix; "commitbench run ..." without it is not a command to check.
    assertThat(commands).hasSize(13);
    DocumentedCommands.Command continued = commands.get(1);
    assertThat(continued.line()).isEqualTo(37);
    assertThat(continued.args()).containsExactly("validate", "config/good.properties", "--set", "duration=3", "--set",
        "warmup=1");
    assertThat(commands.get(0).args()).containsExactly("run", "config/good.properties", "--set", "users=2");
    assertThat(commands.stream().filter(DocumentedCommands.Command::parseOnly).map(DocumentedCommands.Command::line))
        .containsExactly(56);
  }

  @Test
  void soundCommandsPass() {
    assertThat(new CommandChecker(SOUND).problems(DocumentedCommands.in(SOUND))).isEmpty();
  }

  @Test
  void refusedCommandsAreEachNamedWithPageLineAndReason() {
    // The binder's message lists every key; only its start is the point here.
    assertThat(new CommandChecker(BROKEN).problems(DocumentedCommands.in(BROKEN)).stream()
        .map(p -> p.replaceAll("allowed keys: [^;)]*", "allowed keys: ...")).toList()).containsExactly(
        "README.md:21: run config/shown.properties --no-such-option (Unknown option: '--no-such-option')",
        "README.md:22: validate (Missing required parameter: 'FILE')",
        "README.md:23: frobnicate config/shown.properties"
            + " (Unmatched arguments from index 0: 'frobnicate', 'config/shown.properties')",
        "README.md:24: probe locking config/shown.properties --lock-timeout soon"
            + " (Invalid value for option '--lock-timeout': 'soon' is not an int)",
        "README.md:25: run config/missing.properties (config/missing.properties: no such file)",
        "README.md:26: run config/shown.properties --set users=zero"
            + " (config/shown.properties: users=zero: not a whole number; allowed: a whole number from 1 to 10000)",
        "README.md:28: validate config/shown.properties --set no.such.key=1"
            + " (config/shown.properties: no.such.key=1: unknown key; allowed keys: ...)",
        "README.md:29: validate config/no-length.properties (config/no-length.properties: duration: missing:"
            + " workload=oltp_read_write runs for a time or a count; allowed: duration=<seconds> or transactions=<count>)",
        "README.md:30: campaign plan config/bad-campaign.properties (config/bad-campaign.properties: campaign.devices=sdb:"
            + " 'sdb' is not an absolute device path; allowed: lab, or block devices such as /dev/sdb,/dev/sdc)",
        "README.md:31: run 'config/shown.properties (unterminated ' quote)");
  }

  @Test
  void theCommandsThatReadFilesAreFoundFromTheirParameters() {
    Map<CommandChecker.Reads, Set<String>> commands = new EnumMap<>(CommandChecker.Reads.class);
    collect(CommitbenchMain.commandLine(), commands);
    assertThat(commands.get(CommandChecker.Reads.PARAMETER_FILES)).containsExactlyInAnyOrder("commitbench run",
        "commitbench validate", "commitbench prepare", "commitbench cleanup", "commitbench probe locking");
    assertThat(commands.get(CommandChecker.Reads.CAMPAIGN_FILE)).containsExactlyInAnyOrder(
        "commitbench campaign plan", "commitbench campaign run", "commitbench campaign report");
  }

  private static void collect(CommandLine command, Map<CommandChecker.Reads, Set<String>> commands) {
    commands.computeIfAbsent(CommandChecker.reads(command.getCommandSpec()), r -> new TreeSet<>())
        .add(command.getCommandSpec().qualifiedName());
    command.getSubcommands().values().forEach(sub -> collect(sub, commands));
  }

  private static DocsTree fixture(String name) {
    try {
      return new DocsTree(Path.of(DocCheckersTest.class.getResource("/doc-fixtures/" + name).toURI()));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
