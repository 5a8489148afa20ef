package io.commitbench.cli.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The little Markdown the reference pages need: escaped prose, code spans, tables and GitHub's
 * heading anchors. Prose comes from help texts and key documentation, which are plain text, so
 * every character Markdown (or GitHub: {@code $} math, {@code ~} strike-through) would read as
 * markup is escaped.
 */
final class Markdown {

  /** The width prose is wrapped at; table rows and list items stay on one line. */
  static final int WIDTH = 100;
  /** Characters that start or end markup somewhere in a line. */
  private static final String SPECIAL = "\\`*_[]<>|$~";
  /** A mention of a docs page, made a link relative to docs/, where the pages live. */
  private static final Pattern DOCS_PAGE = Pattern.compile("docs/([A-Za-z0-9_/-]+\\.md)(#[a-z0-9_-]+)?");

  private Markdown() {}

  /** Plain text as inline Markdown; {@code docs/NAME.md} becomes a link to that page. */
  static String text(String plain) {
    StringBuilder out = new StringBuilder();
    Matcher page = DOCS_PAGE.matcher(plain);
    int from = 0;
    while (page.find()) {
      out.append(escape(plain.substring(from, page.start())));
      String target = page.group(1) + (page.group(2) == null ? "" : page.group(2));
      out.append('[').append(escape(target)).append("](").append(target).append(')');
      from = page.end();
    }
    out.append(escape(plain.substring(from)));
    return out.toString();
  }

  /**
   * A paragraph of plain text: as {@link #text}, wrapped, and a first character that would begin
   * a heading, list, quote or thematic break is escaped.
   */
  static String paragraph(String plain) {
    String text = text(plain);
    boolean startsBlock = !text.isEmpty() && ("#+-=".indexOf(text.charAt(0)) >= 0 || text.matches("\\d+[.)]( .*|$)"));
    return wrap(startsBlock ? "\\" + text : text);
  }

  private static String escape(String plain) {
    StringBuilder out = new StringBuilder(plain.length());
    for (int i = 0; i < plain.length(); i++) {
      char c = plain.charAt(i);
      if (SPECIAL.indexOf(c) >= 0 && !(c == '_' && intraword(plain, i))) {
        out.append('\\');
      }
      out.append(c);
    }
    return out.toString();
  }

  /** An underscore between two letters or digits ({@code oltp_read_write}) never starts emphasis. */
  private static boolean intraword(String text, int at) {
    return at > 0 && at + 1 < text.length() && Character.isLetterOrDigit(text.charAt(at - 1))
        && Character.isLetterOrDigit(text.charAt(at + 1));
  }

  /**
   * A paragraph of Markdown wrapped at {@link #WIDTH} columns, between words; a word that would
   * begin a heading, list, quote or table at the start of a line goes with the word before it.
   */
  static String wrap(String markdown) {
    return wrap(markdown, WIDTH);
  }

  static String wrap(String markdown, int width) {
    List<String> units = new ArrayList<>();
    for (String word : markdown.split(" ")) {
      if (!units.isEmpty() && !canStartLine(word)) {
        units.set(units.size() - 1, units.get(units.size() - 1) + " " + word);
      } else {
        units.add(word);
      }
    }
    StringBuilder out = new StringBuilder();
    int lineLength = 0;
    for (String unit : units) {
      if (lineLength > 0 && lineLength + 1 + unit.length() > width) {
        out.append('\n');
        lineLength = 0;
      } else if (lineLength > 0) {
        out.append(' ');
        lineLength++;
      }
      out.append(unit);
      lineLength += unit.length();
    }
    return out.toString();
  }

  private static boolean canStartLine(String word) {
    return !word.isEmpty() && "#>+-*=|~".indexOf(word.charAt(0)) < 0 && !word.matches("\\d+[.)].*");
  }

  /** A code span; a {@code |} is escaped, as GitHub's tables require even inside code. */
  static String code(String literal) {
    if (literal.contains("`")) {
      throw new IllegalArgumentException("a code span cannot hold a backtick: " + literal);
    }
    return "`" + literal.replace("|", "\\|") + "`";
  }

  /** A table; cells are Markdown already (from {@link #text} or {@link #code}). */
  static String table(List<String> header, List<List<String>> rows) {
    StringBuilder out = new StringBuilder();
    out.append(row(header));
    out.append(row(header.stream().map(h -> "---").toList()));
    rows.forEach(r -> out.append(row(r)));
    return out.toString();
  }

  private static String row(List<String> cells) {
    return "| " + String.join(" | ", cells) + " |\n";
  }

  /**
   * GitHub's anchor of a heading: lower case, punctuation other than {@code -} and {@code _}
   * removed, spaces become {@code -}.
   */
  static String anchor(String heading) {
    return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
  }

  /** A link to a heading of the same page; the label is Markdown already. */
  static String linkTo(String label, String heading) {
    return "[" + label + "](#" + anchor(heading) + ")";
  }
}
