package io.commitbench.core.key;

import java.util.Locale;

/** How actors log in ({@code users.mode}). */
public enum UsersMode {
  /** {@code db-users} when the configured user may create users, else {@code shared}. */
  AUTO,
  /** One database user per actor, created at setup with the quota, dropped at cleanup. */
  DB_USERS,
  /** Every actor connects as the configured user. */
  SHARED;

  /** The value as written in a parameter file: {@code db-users}. */
  public String value() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static UsersMode parse(String text) {
    for (UsersMode mode : values()) {
      if (mode.value().equals(text)) {
        return mode;
      }
    }
    throw new IllegalArgumentException(text);
  }
}
