package io.commitbench.cli.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Which files under {@code config/} no page shows. A page shows a file when it names its path
 * ({@code config/commit.properties}) anywhere: in prose, a link, a command or a code block. The
 * path must stand on its own: {@code config/paper.properties} is not shown by
 * {@code config/paper-large.properties} nor by {@code myconfig/paper.properties}.
 */
final class ConfigFilesShown {

  private ConfigFilesShown() {}

  /** The config files, as root-relative names, that appear in no page of {@code tree}. */
  static List<String> unshown(DocsTree tree) {
    String pages = String.join("\n", tree.pages().stream().map(ConfigFilesShown::read).toList());
    return tree.configFiles().stream().map(tree::name).filter(name -> !named(pages, name)).toList();
  }

  private static boolean named(String text, String name) {
    // Not inside a longer path or word before it; after it at most a sentence's full stop.
    return Pattern.compile("(?<![\\w.-])" + Pattern.quote(name) + "(?![\\w-]|\\.\\w)").matcher(text).find();
  }

  private static String read(Path page) {
    try {
      return Files.readString(page);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
