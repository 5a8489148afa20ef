package io.commitbench.core.probe;

/** A probe step failed where no conflict could explain it (the server went away, a privilege is missing). */
public final class ProbeFailedException extends Exception {

  private static final long serialVersionUID = 1L;

  public ProbeFailedException(String message, Throwable cause) {
    super(message, cause);
  }
}
