package io.commitbench.cli.reference;

import io.commitbench.cli.CommitbenchMain;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes the generated reference pages, docs/keys.md and docs/cli.md, from the code they
 * describe: the key lists the configuration binder validates against and picocli's model of the
 * command line. The output depends only on the build (no dates, paths or host facts), so a test
 * can compare the committed pages with it.
 *
 * <pre>
 * java -cp harness-cli/target/commitbench.jar io.commitbench.cli.reference.ReferenceDocs docs
 * </pre>
 */
public final class ReferenceDocs {

  /** The command, run from the repository root, that writes the pages again. */
  public static final String REGENERATE = "mvn -B -q -pl harness-cli -am package -DskipTests"
      + " && java -cp harness-cli/target/commitbench.jar " + ReferenceDocs.class.getName() + " docs";

  private ReferenceDocs() {}

  /** @param args the directory to write into; default {@code docs} */
  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "docs");
    Files.createDirectories(dir);
    for (Map.Entry<String, String> page : pages().entrySet()) {
      Files.writeString(dir.resolve(page.getKey()), page.getValue(), StandardCharsets.UTF_8);
      System.out.println("wrote " + dir.resolve(page.getKey()));
    }
  }

  /** Each page's file name (in docs/) and content. */
  public static Map<String, String> pages() {
    Map<String, String> pages = new LinkedHashMap<>();
    pages.put(KeysPage.FILE, KeysPage.fromClassPath().render());
    pages.put(CliPage.FILE, new CliPage(CommitbenchMain.commandLine()).render());
    return pages;
  }

  /** The note at the top of each page: generated, and how to generate it again. */
  static String generatedNotice() {
    String notice = Markdown.wrap("Generated from the code by `" + ReferenceDocs.class.getName() + "`; do not"
        + " edit it by hand. To regenerate it, run from the repository root:", Markdown.WIDTH - 2);
    return notice.lines().map(line -> "> " + line + "\n").collect(Collectors.joining()) + ">\n> `" + REGENERATE
        + "`\n";
  }
}
