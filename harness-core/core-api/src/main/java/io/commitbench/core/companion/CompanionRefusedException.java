package io.commitbench.core.companion;

/** The keys ask a companion for something that cannot be; bad input, found before the run starts. */
public final class CompanionRefusedException extends Exception {

  private static final long serialVersionUID = 1L;

  public CompanionRefusedException(String message, Throwable cause) {
    super(message, cause);
  }
}
