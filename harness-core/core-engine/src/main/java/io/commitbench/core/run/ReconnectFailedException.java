package io.commitbench.core.run;

/** An actor could not get a connection (first or replacement) within {@code reconnect.timeout}. */
public final class ReconnectFailedException extends Exception {
  ReconnectFailedException(String message, Throwable cause) {
    super(message, cause);
  }
}
