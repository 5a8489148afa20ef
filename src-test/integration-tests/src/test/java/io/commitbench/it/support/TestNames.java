package io.commitbench.it.support;

import java.security.SecureRandom;

/**
 * Names of one test's database objects, unique per test so that tests (and builds running side
 * by side on the same servers) never touch each other's tables or users. All lower case and
 * within the harness's 20-character identifier limit.
 *
 * @param token the unique part, e.g. {@code itk3x9qa}
 */
public record TestNames(String token) {

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final String ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

  public static TestNames unique() {
    StringBuilder token = new StringBuilder("it");
    for (int i = 0; i < 6; i++) {
      token.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
    }
    return new TestNames(token.toString());
  }

  /** {@code table.prefix}: the run's tables are this plus 1 .. N. */
  public String tablePrefix() {
    return token + "_t";
  }

  /** {@code user.prefix}: the run's users are this plus 1 .. N. */
  public String userPrefix() {
    return token + "_u";
  }

  /** A table of the test's own that the run must leave alone. */
  public String sentinel() {
    return token + "_sentinel";
  }
}
