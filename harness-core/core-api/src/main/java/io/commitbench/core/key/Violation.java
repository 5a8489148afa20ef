package io.commitbench.core.key;

/**
 * One thing wrong with a parameter file: the key, the value as written (empty for a missing
 * key) and what is wrong with what is allowed. Printed, a long key or value is shortened
 * ({@link EchoedValue}).
 */
public record Violation(String key, String value, String message) {

  /** One line: {@code users=abc: not a whole number; allowed: a whole number from 1 to 10000}. */
  @Override
  public String toString() {
    String shownKey = EchoedValue.of(key);
    return (value == null ? shownKey : shownKey + "=" + EchoedValue.of(value)) + ": " + message;
  }
}
