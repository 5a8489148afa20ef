package io.commitbench.core.run;

/** An actor lost its connection and could not get a new one within {@code reconnect.timeout}. */
public final class ReconnectFailedException extends Exception {
  ReconnectFailedException(String message, Throwable cause) {
    super(message, cause);
  }
}
