package io.commitbench.core.namespace;

import java.util.Optional;

/**
 * Who the objects of a run or a prepared data set belong to: the {@code owner} key, kept in the
 * ownership mark, so that {@code commitbench cleanup} drops only its caller's own on a server
 * several people use. By default the OS user and the host, {@code alice@lab1}; a team that
 * shares data sets may name itself ({@code owner=storage-team}).
 *
 * <p>An owner holds letters, digits and {@code . _ - @} only: a mark is words separated by
 * spaces, {@code key=value} each, that go into SQL without escaping.
 */
public final class Owner {

  public static final int MAX_LENGTH = 64;
  /** What an owner may be, for error messages and documentation. */
  public static final String ALLOWED = "1 to " + MAX_LENGTH + " ASCII letters, digits, '.', '_', '-', '@'";

  private static final String PATTERN = "[A-Za-z0-9._@-]{1," + MAX_LENGTH + "}";

  private Owner() {}

  /** Whether the text may be an owner. */
  public static boolean valid(String owner) {
    return owner != null && owner.matches(PATTERN);
  }

  /**
   * What is wrong with an owner given by the user ({@code empty}, {@code 65 characters}, {@code
   * holds characters a mark cannot carry}), or empty when it is one; {@link #ALLOWED} says what is
   * allowed.
   */
  public static Optional<String> problem(String owner) {
    if (valid(owner)) {
      return Optional.empty();
    }
    return Optional.of(owner == null || owner.isEmpty() ? "empty"
        : owner.length() > MAX_LENGTH ? owner.length() + " characters"
        : "holds characters a mark cannot carry");
  }

  /** The default owner of what this process creates: {@code <os user>@<host>}, cut to the limit. */
  public static String ofThisProcess() {
    String owner = OwnershipMark.localUser() + "@" + OwnershipMark.localHost();
    return owner.length() > MAX_LENGTH ? owner.substring(0, MAX_LENGTH) : owner;
  }
}
