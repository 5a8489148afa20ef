package io.commitbench.core.namespace;

/**
 * A run refused before it created or dropped anything, because of the names it would create:
 * one is longer than the database takes, or is already taken on the server. Bad input (exit code
 * 2): the user chooses other prefixes, or removes what commitbench left with {@code cleanup}.
 */
public final class NamesRefusedException extends Exception {

  private static final long serialVersionUID = 1L;

  public NamesRefusedException(String message) {
    super(message);
  }
}
