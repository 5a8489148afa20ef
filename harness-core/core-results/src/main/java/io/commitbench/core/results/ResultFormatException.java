package io.commitbench.core.results;

import java.io.IOException;

/** A result file that is missing, unreadable or of a format this build does not read; the message names the file. */
public final class ResultFormatException extends IOException {

  private static final long serialVersionUID = 1L;

  public ResultFormatException(String message) {
    super(message);
  }

  public ResultFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
