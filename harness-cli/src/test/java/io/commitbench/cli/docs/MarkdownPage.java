package io.commitbench.cli.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.Node;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * One Markdown file as GitHub renders it (CommonMark): the relative and absolute link targets it
 * has, the anchors it offers and its fenced code blocks. Code blocks and code spans hold no links,
 * as on GitHub.
 *
 * <p>A block of commands that the documentation tests should parse but whose files they should
 * not check is preceded by the line {@value #PARSE_ONLY_MARKER} (an HTML comment, which GitHub
 * does not show).
 */
final class MarkdownPage {

  /** Marks the fenced code block right after it: its commands are parsed only. */
  static final String PARSE_ONLY_MARKER = "<!-- doc-check: parse-only -->";

  /** A link target as written ({@code docs/x.md#y}, {@code #y}, {@code https://…}), on a line counted from 1. */
  record Link(int line, String target) {}

  /**
   * A fenced code block's content lines; {@code firstLine} is the line number of the first of them.
   * {@code parseOnly} when {@link #PARSE_ONLY_MARKER} stands right before the block.
   */
  record CodeBlock(int firstLine, List<String> lines, boolean parseOnly) {}

  private static final Parser PARSER = Parser.builder()
      .includeSourceSpans(IncludeSourceSpans.BLOCKS_AND_INLINES).build();

  /** An opening {@code <a ...>} tag; its attributes are read by {@link #ATTRIBUTE}. */
  private static final Pattern A_TAG = Pattern.compile("<a\\s[^>]*>", Pattern.CASE_INSENSITIVE);
  private static final Pattern ATTRIBUTE = Pattern.compile(
      "(?<![\\w-])(href|id|name)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s\"'>]+))", Pattern.CASE_INSENSITIVE);
  private static final Pattern HTML_COMMENT = Pattern.compile("<!--.*?-->", Pattern.DOTALL);

  private final List<Link> links = new ArrayList<>();
  private final Set<String> anchors = new LinkedHashSet<>();
  private final List<CodeBlock> codeBlocks = new ArrayList<>();

  private MarkdownPage(String text) {
    PARSER.parse(text).accept(new Scanner());
  }

  static MarkdownPage read(Path file) {
    try {
      return parse(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static MarkdownPage parse(String text) {
    return new MarkdownPage(text);
  }

  /** Every link and image target of Markdown and of HTML {@code <a href>}, in page order. */
  List<Link> links() {
    return links;
  }

  /** The anchors a link may name after {@code #}: headings' slugs and {@code <a id>} / {@code <a name>}. */
  Set<String> anchors() {
    return anchors;
  }

  List<CodeBlock> codeBlocks() {
    return codeBlocks;
  }

  private final class Scanner extends AbstractVisitor {
    private final GitHubSlugs slugs = new GitHubSlugs();

    @Override
    public void visit(Heading heading) {
      anchors.add(slugs.next(text(heading)));
      visitChildren(heading);
    }

    @Override
    public void visit(org.commonmark.node.Link link) {
      links.add(new Link(line(link), link.getDestination()));
      visitChildren(link);
    }

    @Override
    public void visit(Image image) {
      links.add(new Link(line(image), image.getDestination()));
      visitChildren(image);
    }

    @Override
    public void visit(HtmlInline html) {
      scanHtml(html.getLiteral(), line(html));
    }

    @Override
    public void visit(HtmlBlock html) {
      scanHtml(html.getLiteral(), line(html));
    }

    @Override
    public void visit(FencedCodeBlock block) {
      String literal = block.getLiteral();
      List<String> lines = literal.isEmpty() ? List.of() : List.of(literal.split("\n", -1));
      if (!lines.isEmpty() && literal.endsWith("\n")) {
        lines = lines.subList(0, lines.size() - 1);
      }
      Node before = block.getPrevious();
      boolean parseOnly = before instanceof HtmlBlock html && html.getLiteral().strip().equals(PARSE_ONLY_MARKER);
      codeBlocks.add(new CodeBlock(line(block) + 1, lines, parseOnly));
    }

    /** {@code <a href>} targets and {@code <a id>} / {@code <a name>} anchors, outside HTML comments. */
    private void scanHtml(String html, int firstLine) {
      Matcher tag = A_TAG.matcher(HTML_COMMENT.matcher(html).replaceAll(m -> m.group().replaceAll("[^\n]", " ")));
      while (tag.find()) {
        int line = firstLine + (int) html.substring(0, tag.start()).chars().filter(c -> c == '\n').count();
        Matcher attribute = ATTRIBUTE.matcher(tag.group());
        while (attribute.find()) {
          String value = attribute.group(2) != null ? attribute.group(2)
              : attribute.group(3) != null ? attribute.group(3) : attribute.group(4);
          if (attribute.group(1).equalsIgnoreCase("href")) {
            links.add(new Link(line, value));
          } else {
            anchors.add(value);
          }
        }
      }
    }
  }

  /** A heading's text as GitHub takes it for the slug: text and code spans, no markup, no HTML tags. */
  private static String text(Node node) {
    StringBuilder text = new StringBuilder();
    node.accept(new AbstractVisitor() {
      @Override
      public void visit(Text t) {
        text.append(t.getLiteral());
      }

      @Override
      public void visit(Code code) {
        text.append(code.getLiteral());
      }

      @Override
      public void visit(SoftLineBreak softLineBreak) {
        text.append('\n');
      }
    });
    return text.toString();
  }

  /** The line, counted from 1, on which a node starts. */
  private static int line(Node node) {
    return node.getSourceSpans().isEmpty() ? 0 : node.getSourceSpans().get(0).getLineIndex() + 1;
  }
}
