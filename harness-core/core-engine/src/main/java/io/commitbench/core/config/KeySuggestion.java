package io.commitbench.core.config;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/** Finds the known key a misspelt one most likely meant ({@code tablenam} → {@code tablename}). */
public final class KeySuggestion {

  private KeySuggestion() {}

  public static Optional<String> closest(String unknown, Collection<String> known) {
    String lower = unknown.toLowerCase(java.util.Locale.ROOT);
    return known.stream()
        .min(Comparator.comparingInt((String k) -> distance(lower, k)).thenComparing(k -> k))
        .filter(k -> distance(lower, k) <= Math.max(2, k.length() / 3));
  }

  /** Levenshtein edit distance. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
