package io.commitbench.cli.docs;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Keeps README.md and docs/**.md true to the repository. Each failure lists every problem found,
 * one per line, so all can be fixed in one go.
 *
 * <ul>
 *   <li>Every relative link and {@code #anchor} resolves ({@link LinkChecker}); links with a
 *       scheme (https:, mailto:) are not checked, and nothing is fetched.
 *   <li>Every file under config/ is named, as {@code config/NAME}, on some page ({@link ConfigFilesShown}).
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

  private static void failIfAny(String what, List<String> problems) {
    if (!problems.isEmpty()) {
      fail(problems.size() + " " + what + ":\n" + String.join("\n", problems));
    }
  }
}
