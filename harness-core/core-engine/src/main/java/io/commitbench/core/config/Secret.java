package io.commitbench.core.config;

/**
 * A password read from the environment or a file. Its {@link #toString()} never shows the
 * value, so it cannot leak through logging or string concatenation; only {@link #reveal()} does,
 * at the one place a connection is opened.
 */
public final class Secret {

  private static final Secret NONE = new Secret("", "none");

  private final String value;
  private final String origin;

  private Secret(String value, String origin) {
    this.value = value;
    this.origin = origin;
  }

  /** No password (the server trusts the user, or the embedded database has none). */
  public static Secret none() {
    return NONE;
  }

  /**
   * @param origin where it came from, safe to print: {@code env PGPASSWORD}, {@code file /x}
   */
  public static Secret of(String value, String origin) {
    return new Secret(value, origin);
  }

  public String reveal() {
    return value;
  }

  /** Where the password came from, for the effective configuration: never the value. */
  public String origin() {
    return origin;
  }

  @Override
  public String toString() {
    return "<secret from " + origin + ">";
  }
}
