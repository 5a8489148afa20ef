package io.commitbench.core.run;

/** The configuration names a database kind whose dialect cannot run in this build (a driver is missing). */
public final class DialectUnavailableException extends Exception {

  private static final long serialVersionUID = 1L;

  public DialectUnavailableException(String message) {
    super(message);
  }
}
