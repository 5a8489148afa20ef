package io.commitbench.cli.docs;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The anchors GitHub gives a page's headings, in the order they appear: the heading's text
 * lower-cased, every character other than a letter, a digit, a space, {@code -} or {@code _}
 * removed, each space turned into {@code -}; a slug already taken gets {@code -1}, {@code -2}, …
 * (as github-slugger does, so "A", "A", "A-1" give {@code a}, {@code a-1}, {@code a-1-1}).
 *
 * <pre>
 * GitHubSlugs slugs = new GitHubSlugs();
 * slugs.next("runs=N and groups"); // "runsn-and-groups"
 * slugs.next("Notes");             // "notes"
 * slugs.next("Notes");             // "notes-1"
 * </pre>
 */
final class GitHubSlugs {

  /** Per slug handed out, how many times its text has been repeated. */
  private final Map<String, Integer> occurrences = new HashMap<>();

  /** The anchor of the next heading, whose text (without Markdown syntax) is {@code text}. */
  String next(String text) {
    String base = slug(text);
    String result = base;
    while (occurrences.containsKey(result)) {
      int n = occurrences.merge(base, 1, Integer::sum);
      result = base + "-" + n;
    }
    occurrences.put(result, 0);
    return result;
  }

  /** A heading text's slug before repeats are numbered. */
  static String slug(String text) {
    StringBuilder slug = new StringBuilder();
    text.toLowerCase(Locale.ROOT).codePoints().forEach(c -> {
      if (c == ' ') {
        slug.append('-');
      } else if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
        slug.appendCodePoint(c);
      }
    });
    return slug.toString();
  }
}
