package io.commitbench.core.io;

import java.io.IOException;

/**
 * A directory that cannot be made or does not take data (full, out of inodes, read-only, a file
 * in the way); the message names the directory and the reason. Thrown before anything else was
 * done with it, so a caller may treat it as bad input.
 */
public final class UnwritableDirectoryException extends IOException {

  private static final long serialVersionUID = 1L;

  public UnwritableDirectoryException(String message, IOException cause) {
    super(message, cause);
  }
}
