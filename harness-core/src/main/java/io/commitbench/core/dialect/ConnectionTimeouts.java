package io.commitbench.core.dialect;

/**
 * Bounds on waiting for the server, in seconds. A dialect turns them into its driver's
 * properties so that a dead or unreachable server cannot hang a run.
 *
 * @param connectSeconds how long opening a connection may take
 * @param socketReadSeconds how long one read from the server may block; must exceed the statement
 *     timeout so that the server's own cancellation is seen first
 */
public record ConnectionTimeouts(int connectSeconds, int socketReadSeconds) {
  public ConnectionTimeouts {
    if (connectSeconds < 1 || socketReadSeconds < 1) {
      throw new IllegalArgumentException(
          "timeouts must be at least 1 s, got connect=" + connectSeconds + " socketRead=" + socketReadSeconds);
    }
  }
}
