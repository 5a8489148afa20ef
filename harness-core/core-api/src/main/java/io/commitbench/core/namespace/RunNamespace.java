package io.commitbench.core.namespace;

import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * The names of a run's tables and users when the user set no {@code table.prefix} and {@code
 * user.prefix}: a namespace of the run's own, so that two runs on the same server never touch
 * each other's objects. It is the run id's letters and digits (as many as the database's name
 * limits leave room for) and four random characters, because two runs may share a run id (it is
 * the start second and the database kind by default, and a results folder of its own each):
 *
 * <pre>
 * run id 20250425-143012-postgresql → tables cb_20250425143012_k3x9_1 .. _5, users cb_20250425143012_k3x9_u1 ..
 * </pre>
 *
 * <p>Names are lower-case identifiers: they start with a letter, and hold a-z, 0-9 and _ only.
 *
 * @param tablePrefix the derived {@code table.prefix}
 * @param userPrefix the derived {@code user.prefix}
 */
public record RunNamespace(String tablePrefix, String userPrefix) {

  /** What every derived name starts with, so that commitbench's objects are recognisable. */
  public static final String START = "cb_";

  /**
   * Room every table name needs after its prefix: the longest suffix a workload appends ({@code
   * commit}; the paper's {@code 1000} is shorter) and the longest index name tail ({@code
   * _text2_ix}). Every name is still checked against the database's limit before a run creates it.
   */
  static final int TABLE_TAIL = 6 + 9;
  /** Room every user name needs after its prefix: up to 10000 actors. */
  static final int USER_TAIL = 5;
  /** Random characters: two runs with the same run id must still differ. */
  static final int NONCE_LENGTH = 4;
  /** Enough of the run id for the default one's date and time ({@code yyyyMMddHHmmss}). */
  static final int MAX_SLUG = 14;

  private static final String NONCE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

  /**
   * The namespace of run {@code runId} on a database with these name limits.
   *
   * @param maxIdentifier the longest table or index name the database takes
   * @param maxUserName the longest user name it takes
   * @throws IllegalArgumentException when the limits leave no room for a namespace
   */
  public static RunNamespace derive(String runId, int maxIdentifier, int maxUserName, RandomGenerator random) {
    // Table prefix START + ns + "_", user prefix START + ns + "_u".
    int room = Math.min(maxIdentifier - TABLE_TAIL - START.length() - 1, maxUserName - USER_TAIL - START.length() - 2);
    if (room < NONCE_LENGTH) {
      throw new IllegalArgumentException("names of at most " + maxIdentifier + " (tables) and " + maxUserName
          + " (users) characters leave no room for a run's own names");
    }
    String slug = runId.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    slug = slug.substring(0, Math.min(slug.length(), Math.min(MAX_SLUG, room - NONCE_LENGTH - 1)));
    StringBuilder ns = new StringBuilder(slug.isEmpty() ? "" : slug + "_");
    for (int i = 0; i < NONCE_LENGTH; i++) {
      ns.append(NONCE_ALPHABET.charAt(random.nextInt(NONCE_ALPHABET.length())));
    }
    return new RunNamespace(START + ns + "_", START + ns + "_u");
  }
}
