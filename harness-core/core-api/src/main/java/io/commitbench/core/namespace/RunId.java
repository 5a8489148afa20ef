package io.commitbench.core.namespace;

import java.util.Optional;

/**
 * A run's id: the name of its results folder ({@code run.id}) and the run its ownership marks
 * name, so {@code cleanup --run-id} takes the same ids. A name, never a path: {@code ../x} would
 * put the folder elsewhere.
 */
public final class RunId {

  /** What a run id may be, for error messages and documentation. */
  public static final String ALLOWED = "1 to 100 ASCII letters, digits, '.', '_', '-' (not only dots)";

  private static final String PATTERN = "[A-Za-z0-9._-]{1,100}";
  /** "." and ".." are the folder itself and its parent, not a run's own folder. */
  private static final String ONLY_DOTS = "\\.+";

  private RunId() {}

  /** What is wrong with {@code id} as a run id, or empty when it is one; {@link #ALLOWED} says what is allowed. */
  public static Optional<String> problem(String id) {
    return id.matches(PATTERN) && !id.matches(ONLY_DOTS) ? Optional.empty() : Optional.of("not a folder name");
  }
}
