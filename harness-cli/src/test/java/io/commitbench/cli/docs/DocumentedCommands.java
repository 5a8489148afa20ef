package io.commitbench.cli.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The commitbench command lines of the pages: every line of a fenced code block that starts with
 * {@value #PREFIX}, joined with the lines that follow while it ends in {@code \}, and split into
 * words as a shell would ({@link ShellWords}; a trailing {@code # comment} is dropped).
 */
final class DocumentedCommands {

  /** How the pages write a command, run from the repository's root. */
  static final String PREFIX = "java -jar harness-cli/target/commitbench.jar";

  private static final int PREFIX_WORDS = 3;

  /**
   * One documented command.
   *
   * @param page the page, relative to the root
   * @param line where the command starts in it, from 1
   * @param text the command as written, continuation lines joined, without a trailing comment
   * @param args the words after {@link #PREFIX}: what picocli gets
   * @param expands whether the shell would expand something ({@code $HOME}, {@code $(…)}, globs)
   * @param parseOnly whether the page marked its block {@link MarkdownPage#PARSE_ONLY_MARKER}
   * @param problem why the line could not be split (an unterminated quote), else null
   */
  record Command(String page, int line, String text, List<String> args, boolean expands, boolean parseOnly,
      String problem) {}

  private DocumentedCommands() {}

  /** Every documented command of every page of {@code tree}, in page order. */
  static List<Command> in(DocsTree tree) {
    List<Command> commands = new ArrayList<>();
    for (Path page : tree.pages()) {
      commands.addAll(of(tree.name(page), MarkdownPage.read(page)));
    }
    return commands;
  }

  static List<Command> of(String pageName, MarkdownPage page) {
    List<Command> commands = new ArrayList<>();
    for (MarkdownPage.CodeBlock block : page.codeBlocks()) {
      List<String> lines = block.lines();
      for (int i = 0; i < lines.size(); i++) {
        int start = i;
        StringBuilder text = new StringBuilder(lines.get(i));
        while (text.toString().endsWith("\\") && i + 1 < lines.size()) {
          text.setLength(text.length() - 1);
          text.append(lines.get(++i));
        }
        String command = text.toString().strip();
        if (command.equals(PREFIX) || command.startsWith(PREFIX + " ") || command.startsWith(PREFIX + "\t")) {
          commands.add(command(pageName, block.firstLine() + start, command, block.parseOnly()));
        }
      }
    }
    return commands;
  }

  private static Command command(String page, int line, String text, boolean parseOnly) {
    try {
      ShellWords.Words words = ShellWords.split(text);
      List<String> args = words.words().subList(PREFIX_WORDS, words.words().size());
      return new Command(page, line, text.substring(0, words.end()).strip(), List.copyOf(args), words.expands(),
          parseOnly, null);
    } catch (IllegalArgumentException e) {
      return new Command(page, line, text, List.of(), false, parseOnly, e.getMessage());
    }
  }
}
