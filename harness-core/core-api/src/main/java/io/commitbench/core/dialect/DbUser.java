package io.commitbench.core.dialect;

/**
 * A database login created for one actor. The password is generated per run and never shown.
 *
 * @param name the login name, a plain lower-case identifier such as {@code cb_user_1}
 * @param password the generated password (letters and digits only, so it needs no escaping)
 */
public record DbUser(String name, String password) {

  public DbUser {
    if (!name.matches("[a-z][a-z0-9_]*")) {
      throw new IllegalArgumentException("user name must be a lower-case identifier: " + name);
    }
    if (!password.matches("[A-Za-z0-9]+")) {
      throw new IllegalArgumentException("password must be letters and digits only");
    }
  }

  @Override
  public String toString() {
    return "DbUser[name=" + name + ", password=<hidden>]";
  }
}
