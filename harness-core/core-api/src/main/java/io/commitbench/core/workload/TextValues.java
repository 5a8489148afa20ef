package io.commitbench.core.workload;

import java.util.Random;

/**
 * The varchar values an actor writes: a fixed set per actor, generated once from the actor's
 * number, so nothing is generated per statement and every run (and every baseline that wants
 * to issue the same statements) writes the same values.
 */
public final class TextValues {

  /** Distinct values per actor: enough variety for the indexes. */
  public static final int VARIANTS = 64;

  private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

  private final String[] values;

  private TextValues(String[] values) {
    this.values = values;
  }

  /** @param actor 0-based actor index, the seed */
  public static TextValues forActor(int actor, int length) {
    Random random = new Random(actor);
    String[] values = new String[VARIANTS];
    for (int i = 0; i < VARIANTS; i++) {
      StringBuilder text = new StringBuilder(length);
      for (int c = 0; c < length; c++) {
        text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
      }
      values[i] = text.toString();
    }
    return new TextValues(values);
  }

  /** The value for statement number {@code n} (any non-negative number). */
  public String get(int n) {
    return values[n % VARIANTS];
  }
}
