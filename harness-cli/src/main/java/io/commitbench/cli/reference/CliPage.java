package io.commitbench.cli.reference;

import java.util.ArrayList;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * docs/cli.md: every command, from picocli's model of the command line the jar runs, in the
 * order {@code --help} lists them. Each command gets its description, synopsis, parameters,
 * options (declaration order), exit codes and footer; the standard help options and picocli's
 * {@code help} subcommands are described once at the top instead of under every command.
 */
final class CliPage {

  static final String FILE = "cli.md";

  private final CommandLine root;

  CliPage(CommandLine root) {
    this.root = root;
  }

  /** Every command, root first, each before its subcommands; picocli's {@code help} left out. */
  static List<CommandLine> commands(CommandLine root) {
    List<CommandLine> all = new ArrayList<>();
    collect(root, all);
    return all;
  }

  private static void collect(CommandLine command, List<CommandLine> all) {
    all.add(command);
    subcommands(command).forEach(sub -> collect(sub, all));
  }

  /** The subcommands, once each (an alias maps a second name to the same one). */
  static List<CommandLine> subcommands(CommandLine command) {
    return command.getSubcommands().values().stream().distinct()
        .filter(sub -> !(sub.getCommandSpec().userObject() instanceof HelpCommand)).toList();
  }

  /** The heading of a command: its full name, {@code commitbench storage lab}. */
  static String heading(CommandLine command) {
    return command.getCommandSpec().qualifiedName();
  }

  /** The line the parent's command list shows: the first line of the description. */
  static String summary(CommandLine command) {
    String[] description = command.getCommandSpec().usageMessage().description();
    return description.length == 0 ? "" : lines(description).get(0);
  }

  String render() {
    StringBuilder out = new StringBuilder();
    out.append("# Command reference\n\n");
    out.append(ReferenceDocs.generatedNotice()).append('\n');
    out.append(Markdown.wrap("After reading this page you know every command of commitbench: what it does, its"
        + " options and their defaults, and its exit codes. A command's `--help` prints the same.")).append("\n\n");
    out.append("```\njava -jar harness-cli/target/commitbench.jar run --help\n```\n\n");
    out.append(Markdown.wrap("The headings write the command as `commitbench`; it is run as"
        + " `java -jar harness-cli/target/commitbench.jar`. Every command also takes `-h`, `--help` (its help)"
        + " and `-V`, `--version` (the version), and `commitbench help COMMAND` prints the help of a command"
        + " that has subcommands.")).append("\n\n");
    for (CommandLine command : commands(root)) {
      int depth = command.getCommandSpec().qualifiedName().split(" ").length - 1;
      out.append("  ".repeat(depth)).append("- ").append(Markdown.linkTo(Markdown.code(heading(command)),
          heading(command))).append(": ").append(Markdown.text(summary(command))).append('\n');
    }
    out.append('\n');
    commands(root).forEach(command -> section(command, out));
    return out.toString();
  }

  private void section(CommandLine command, StringBuilder out) {
    CommandSpec spec = command.getCommandSpec();
    UsageMessageSpec usage = spec.usageMessage();
    out.append("## ").append(heading(command)).append("\n\n");
    paragraphs(lines(usage.description()), out);
    Help help = new Help(spec, Help.defaultColorScheme(Help.Ansi.OFF));
    out.append("```text\n").append(help.synopsis(0).stripTrailing()).append("\n```\n\n");

    List<CommandLine> subcommands = subcommands(command);
    if (!subcommands.isEmpty()) {
      out.append(Markdown.table(List.of("Command", "What it does"), subcommands.stream()
          .map(sub -> List.of(Markdown.linkTo(Markdown.code(sub.getCommandName()), heading(sub)),
              Markdown.text(summary(sub))))
          .toList())).append('\n');
    }
    List<PositionalParamSpec> parameters = spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
    if (!parameters.isEmpty()) {
      out.append(Markdown.table(List.of("Parameter", "Description"), parameters.stream()
          .map(p -> List.of(Markdown.code(label(help, p)), description(p)))
          .toList())).append('\n');
    }
    List<OptionSpec> options = spec.options().stream()
        .filter(o -> !o.hidden() && !o.usageHelp() && !o.versionHelp()).toList();
    if (!options.isEmpty()) {
      out.append(Markdown.table(List.of("Option", "Default", "Description"), options.stream()
          .map(o -> List.of(Markdown.code(String.join(", ", o.names()) + label(help, o)), defaultCell(o),
              description(o)))
          .toList())).append('\n');
    }
    Map<String, String> exitCodes = usage.exitCodeList();
    if (!exitCodes.isEmpty()) {
      out.append("Exit codes:\n\n");
      out.append(Markdown.table(List.of("Code", "Meaning"), exitCodes.entrySet().stream()
          .map(e -> List.of(Markdown.code(e.getKey().trim()), Markdown.text(e.getValue())))
          .toList())).append('\n');
    }
    footer(lines(usage.footer()), out);
  }

  private static String label(Help help, ArgSpec arg) {
    return help.parameterLabelRenderer().renderParameterLabel(arg, Help.Ansi.OFF, List.of()).toString();
  }

  private static String description(ArgSpec arg) {
    return Markdown.text(String.join(" ", arg.description()));
  }

  private static String defaultCell(OptionSpec option) {
    if (option.required() && option.group() == null) {
      return "*required*";
    }
    return option.defaultValue() == null ? "" : Markdown.code(option.defaultValue());
  }

  /**
   * Lines of text as picocli prints them: each element formatted ({@code %n}, {@code %%}) and
   * split at line ends.
   */
  private static List<String> lines(String[] elements) {
    List<String> lines = new ArrayList<>();
    for (String element : elements) {
      String formatted;
      try {
        formatted = String.format(Locale.ROOT, element);
      } catch (IllegalFormatException e) {
        formatted = element;
      }
      lines.addAll(formatted.lines().toList());
      if (formatted.isEmpty()) {
        lines.add("");
      }
    }
    return lines;
  }

  /**
   * Help text as Markdown: lines up to a blank line are one paragraph; a run of indented lines
   * (an aligned list) stays as it is, in a text block.
   */
  private static void paragraphs(List<String> lines, StringBuilder out) {
    List<String> prose = new ArrayList<>();
    List<String> aligned = new ArrayList<>();
    for (String line : lines) {
      boolean indented = line.startsWith(" ") && !line.isBlank();
      if (line.isBlank() || indented) {
        flushProse(prose, out);
      }
      if (!indented) {
        flushAligned(aligned, out);
      }
      if (indented) {
        aligned.add(line);
      } else if (!line.isBlank()) {
        prose.add(line.strip());
      }
    }
    flushProse(prose, out);
    flushAligned(aligned, out);
  }

  private static void flushProse(List<String> prose, StringBuilder out) {
    if (!prose.isEmpty()) {
      out.append(Markdown.paragraph(String.join(" ", prose))).append("\n\n");
      prose.clear();
    }
  }

  private static void flushAligned(List<String> aligned, StringBuilder out) {
    if (!aligned.isEmpty()) {
      out.append("```text\n").append(String.join("\n", aligned)).append("\n```\n\n");
      aligned.clear();
    }
  }

  /** Footer lines: {@code Label: commitbench ...} shows the command as code, anything else as text. */
  private static void footer(List<String> lines, StringBuilder out) {
    for (String line : lines) {
      if (line.isBlank()) {
        continue;
      }
      int colon = line.indexOf(": commitbench ");
      out.append(colon > 0
          ? Markdown.wrap(Markdown.text(line.substring(0, colon + 1)) + " " + Markdown.code(line.substring(colon + 2)))
          : Markdown.paragraph(line)).append("\n\n");
    }
  }
}
