package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.storage.instance.InstanceEngines;
import io.commitbench.storage.relocate.LogRelocations;
import io.commitbench.storage.relocate.OnlineRelocation;
import io.commitbench.storage.undo.LogRelocationUndo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

class KindHelpTest {

  @Test
  void aMarkerBecomesItsPartsParagraphsContinuedByTheLinesAfterIt() {
    CommandSpec spec = CommandSpec.create();
    spec.usageMessage().description("Head.", "", "<m>", "and the rest", "of it.", "", "<none>", "Tail.");

    KindHelp.replace(spec, line -> Map.of("<m>", List.of("First part.", "Second part"), "<none>", List.<String>of())
        .get(line));

    assertThat(spec.usageMessage().description())
        .containsExactly("Head.", "", "First part.", "", "Second part and the rest of it.", "", "Tail.");
  }

  @Test
  void longTextIsWrappedAtWordsToTheWidthOfTheLinesAround() {
    List<String> lines = KindHelp.wrap("word ".repeat(40));

    assertThat(lines).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
    assertThat(String.join(" ", lines)).isEqualTo("word ".repeat(40).trim());
  }

  @Test
  void relocateLogSaysWhatEveryKindOnTheClassPathTellsOfItsMoves() {
    String help = oneLine(usage("storage", "relocate-log"));

    LogRelocations relocations = LogRelocations.load();
    assertThat(relocations.managedHelps()).isNotEmpty();
    relocations.managedHelps().forEach(part -> assertThat(help).contains(part));
    relocations.onlines().stream().map(OnlineRelocation::help).forEach(part -> assertThat(help).contains(part));
    relocations.operatorUrlPrefixes().forEach(prefix -> assertThat(help).contains(prefix));
    assertThat(help).doesNotContain(KindHelp.MANAGED_RELOCATIONS, KindHelp.ONLINE_RELOCATIONS,
        KindHelp.OPERATOR_RELOCATIONS);
  }

  @Test
  void undoSaysHowEachKindsOwnJournalsAreReversed() {
    String help = oneLine(usage("storage", "undo"));

    assertThat(LogRelocationUndo.helps()).isNotEmpty().allSatisfy(part -> assertThat(help).contains(part));
    assertThat(help).doesNotContain(KindHelp.UNDO_REVERSALS);
  }

  @Test
  void instanceHelpNamesEveryEnginesProductProgramAndStop() {
    String create = oneLine(usage("storage", "instance", "create"));
    String stop = oneLine(usage("storage", "instance", "stop"));
    String instance = oneLine(usage("storage", "instance"));

    assertThat(InstanceEngines.kinds()).isNotEmpty().allSatisfy(kind -> {
      var help = InstanceEngines.forKind(kind).orElseThrow().help();
      assertThat(instance).contains(help.product());
      assertThat(create).contains(help.initProgram(), kind);
      assertThat(stop).contains(help.product() + ": " + help.stop());
    });
    assertThat(instance + create + stop).doesNotContain(KindHelp.INSTANCE_PRODUCTS, KindHelp.INSTANCE_INIT,
        KindHelp.INSTANCE_STOP);
  }

  private static String usage(String... names) {
    CommandLine command = CommitbenchMain.commandLine();
    for (String name : names) {
      command = command.getSubcommands().get(name);
    }
    return command.getUsageMessage(CommandLine.Help.Ansi.OFF);
  }

  private static String oneLine(String text) {
    return text.replaceAll("\\s+", " ");
  }
}
