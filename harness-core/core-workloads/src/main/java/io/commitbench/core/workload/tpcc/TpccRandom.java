package io.commitbench.core.workload.tpcc;

import java.util.SplittableRandom;

/**
 * TPC-C's random inputs (clause 2.1.6 and 4.3.2): uniform numbers, NURand with the run's constants
 * C, last names from the syllable table, a-strings and n-strings, zip codes and the data columns
 * that hold "ORIGINAL" one time in ten. Confined to one thread.
 */
final class TpccRandom {

  private static final String[] SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION",
      "EING"};
  private static final char[] ALPHANUMERIC =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();
  private static final String ORIGINAL = "ORIGINAL";

  private final SplittableRandom random;
  private final TpccConstants constants;

  TpccRandom(long seed, TpccConstants constants) {
    this.random = new SplittableRandom(seed);
    this.constants = constants;
  }

  TpccConstants constants() {
    return constants;
  }

  /** A uniform integer in [{@code from}, {@code to}], both included. */
  int uniform(int from, int to) {
    return from + random.nextInt(to - from + 1);
  }

  /** A uniform double in [0, 1). */
  double fraction() {
    return random.nextDouble();
  }

  /** NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x (clause 2.1.6). */
  static int nurand(int a, int x, int y, int c, int randomA, int randomXy) {
    return (((randomA | randomXy) + c) % (y - x + 1)) + x;
  }

  private int nurand(int a, int x, int y, int c) {
    return nurand(a, x, y, c, uniform(0, a), uniform(x, y));
  }

  /** A customer id, NURand(1023, 1, 3000). */
  int customerId() {
    return nurand(1023, 1, 3000, constants.customerId());
  }

  /** An item id, NURand(8191, 1, 100000). */
  int itemId() {
    return nurand(8191, 1, TpccTable.ITEMS, constants.itemId());
  }

  /** A last name's number for the transactions, NURand(255, 0, 999). */
  int lastNameNumber() {
    return nurand(255, 0, 999, constants.lastName());
  }

  /** The last name of number 0..999: three syllables, by its three digits (clause 4.3.2.3). */
  static String lastName(int number) {
    return SYLLABLES[number / 100] + SYLLABLES[number / 10 % 10] + SYLLABLES[number % 10];
  }

  /** A random a-string of {@code min} to {@code max} alphanumeric characters. */
  String aString(int min, int max) {
    char[] text = new char[uniform(min, max)];
    for (int i = 0; i < text.length; i++) {
      text[i] = ALPHANUMERIC[random.nextInt(ALPHANUMERIC.length)];
    }
    return new String(text);
  }

  /** A random n-string of {@code min} to {@code max} digits. */
  String nString(int min, int max) {
    char[] text = new char[uniform(min, max)];
    for (int i = 0; i < text.length; i++) {
      text[i] = (char) ('0' + random.nextInt(10));
    }
    return new String(text);
  }

  /** A zip code: four random digits, then 11111 (clause 4.3.2.7). */
  String zip() {
    return nString(4, 4) + "11111";
  }

  /**
   * i_data or s_data: an a-string of 26 to 50 characters which, one time in ten, holds "ORIGINAL"
   * at a random place (clause 4.3.3.1).
   */
  String data() {
    String text = aString(26, 50);
    if (random.nextInt(10) != 0) {
      return text;
    }
    int at = random.nextInt(text.length() - ORIGINAL.length() + 1);
    return text.substring(0, at) + ORIGINAL + text.substring(at + ORIGINAL.length());
  }
}
