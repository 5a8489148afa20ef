package io.commitbench.cli.docs;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Keeps README.md and docs/**.md true to the repository. Each failure lists every problem found,
 * one per line as {@code file:line: target-or-command (why)}, so all can be fixed in one go.
 *
 * <ul>
 *   <li>Every relative link and {@code #anchor} resolves ({@link LinkChecker}); links with a
 *       scheme (https:, mailto:) are not checked, and nothing is fetched.
 *   <li>Every file under config/ is named, as {@code config/NAME}, on some page ({@link ConfigFilesShown}).
 *   <li>Every line of a fenced block that starts with {@value DocumentedCommands#PREFIX} parses
 *       against the real command line, and the parameter or campaign file it names validates as
 *       {@code validate} would check it, without a database ({@link CommandChecker}). A file that
 *       does not exist is a problem under config/; anywhere else ({@code FILE},
 *       {@code results/RUN_ID/...}, the reader's own file) it is a placeholder and the command is
 *       only parsed, and so is a command whose {@code --set db.instance=} or
 *       {@code db.password.file=} names a path that is not here (the reader makes it first).
 *       Commands with {@code $VARIABLE}, {@code $(...)} or a glob are only parsed.
 *       A page can have the commands of one block only parsed, for a command shown to be refused,
 *       by putting {@value MarkdownPage#PARSE_ONLY_MARKER} on the line before the block; use it sparingly.
 * </ul>
 */
class DocsTest {

  private static final DocsTree DOCS = DocsTree.ofThisRepository();

  @Test
  void everyRelativeLinkAndAnchorResolves() {
    failIfAny("broken links", new LinkChecker(DOCS).problems());
  }

  @Test
  void everyConfigFileIsShownOnSomePage() {
    failIfAny("files under config/ that neither README.md nor a page under docs/ shows",
        ConfigFilesShown.unshown(DOCS));
  }

  @Test
  void everyDocumentedCommandParsesAndItsFilesValidate() {
    failIfAny("documented commands that commitbench would refuse",
        new CommandChecker(DOCS).problems(DocumentedCommands.in(DOCS)));
  }

  private static void failIfAny(String what, List<String> problems) {
    if (!problems.isEmpty()) {
      fail(problems.size() + " " + what + ":\n" + String.join("\n", problems));
    }
  }
}
