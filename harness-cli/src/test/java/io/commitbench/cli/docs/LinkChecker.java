package io.commitbench.cli.docs;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks that every relative link of the pages leads somewhere: its file or folder exists inside
 * the repository and its {@code #anchor}, when it names one in a Markdown file, is a heading's
 * slug or an explicit {@code <a id>} / {@code <a name>} there. Links with a scheme (https:,
 * mailto:) are left alone, and nothing is fetched. Anchors of other files (a source file's
 * {@code #L10}) and of folders are not checked.
 */
final class LinkChecker {

  /** A URI scheme ({@code https:}, {@code mailto:}) or a network path ({@code //host}). */
  private static final Pattern ABSOLUTE = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*:|//)");
  private static final Pattern HEX = Pattern.compile("[0-9A-Fa-f]{2}");

  private final DocsTree tree;
  private final Map<Path, MarkdownPage> parsed = new HashMap<>();

  LinkChecker(DocsTree tree) {
    this.tree = tree;
  }

  /** Every broken link of every page, as {@code file:line: target (why)}. */
  List<String> problems() {
    List<String> problems = new ArrayList<>();
    for (Path page : tree.pages()) {
      for (MarkdownPage.Link link : page(page).links()) {
        String why = why(page, link.target());
        if (why != null) {
          problems.add(tree.name(page) + ":" + link.line() + ": " + link.target() + " (" + why + ")");
        }
      }
    }
    return problems;
  }

  /** Why a link from {@code page} to {@code target} is broken, or null when it is not (or is not checked). */
  private String why(Path page, String target) {
    if (target.isEmpty()) {
      return "empty target";
    }
    if (ABSOLUTE.matcher(target).find()) {
      return null;
    }
    int hash = target.indexOf('#');
    String path = hash < 0 ? target : target.substring(0, hash);
    String anchor = hash < 0 ? "" : percentDecoded(target.substring(hash + 1));
    int query = path.indexOf('?');
    path = percentDecoded(query < 0 ? path : path.substring(0, query));

    Path file;
    if (path.isEmpty()) {
      file = page;
    } else {
      file = (path.startsWith("/") ? tree.root().resolve(path.substring(1)) : page.getParent().resolve(path))
          .normalize();
      if (!file.startsWith(tree.root())) {
        return "outside the repository";
      }
      if (!Files.exists(file)) {
        return "no such file or folder: " + tree.name(file);
      }
    }
    boolean markdown = Files.isRegularFile(file) && file.getFileName().toString().toLowerCase(Locale.ROOT)
        .endsWith(".md");
    if (!anchor.isEmpty() && markdown && !page(file).anchors().contains(anchor)) {
      return "no heading or anchor '" + anchor + "' in " + tree.name(file);
    }
    return null;
  }

  private MarkdownPage page(Path file) {
    return parsed.computeIfAbsent(file, MarkdownPage::read);
  }

  /** {@code %xx} sequences decoded as UTF-8; unlike URLDecoder, a '+' stays a '+'. */
  private static String percentDecoded(String text) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int i = 0;
    while (i < text.length()) {
      if (text.charAt(i) == '%' && i + 2 < text.length() && HEX.matcher(text.substring(i + 1, i + 3)).matches()) {
        bytes.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
        i += 3;
      } else {
        int c = text.codePointAt(i);
        bytes.writeBytes(new String(Character.toChars(c)).getBytes(StandardCharsets.UTF_8));
        i += Character.charCount(c);
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
