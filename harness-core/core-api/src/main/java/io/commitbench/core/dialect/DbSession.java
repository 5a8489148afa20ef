package io.commitbench.core.dialect;

import java.util.Locale;

/**
 * A session open on the server now, as {@link OwnershipMarks#sessions} lists it: whose it is and, for
 * a message, where it comes from and since when.
 *
 * @param user the login, lower case
 * @param detail where from and since when, as the product tells it ({@code 10.0.0.5 since 14:30:12})
 */
public record DbSession(String user, String detail) {

  public DbSession {
    user = user.toLowerCase(Locale.ROOT);
    detail = detail == null ? "" : detail;
  }
}
