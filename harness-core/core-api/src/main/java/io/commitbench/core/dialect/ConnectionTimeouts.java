package io.commitbench.core.dialect;

/**
 * Bounds on waiting for the server, in seconds. A dialect turns them into its driver's
 * properties so that a dead or unreachable server cannot hang a run.
 *
 * @param connectSeconds how long opening a connection may take
 * @param socketReadSeconds how long one read from the server may block, or {@link #NO_READ_TIMEOUT}
 *     when the caller watches its own calls (the actors do: a driver's read timeout makes every
 *     read a non-blocking read, a poll and a second read, a few per cent of a commit's client
 *     CPU); when set it must exceed the statement timeout so that the server's own cancellation
 *     is seen first
 */
public record ConnectionTimeouts(int connectSeconds, int socketReadSeconds) {

  /** {@link #socketReadSeconds} of connections whose reads may block without bound. */
  public static final int NO_READ_TIMEOUT = 0;

  public ConnectionTimeouts {
    if (connectSeconds < 1 || (socketReadSeconds < 1 && socketReadSeconds != NO_READ_TIMEOUT)) {
      throw new IllegalArgumentException("timeouts must be at least 1 s (a read timeout may also be "
          + NO_READ_TIMEOUT + ", none), got connect=" + connectSeconds + " socketRead=" + socketReadSeconds);
    }
  }

  /** Connections whose caller bounds its own calls: only opening one is bounded here. */
  public static ConnectionTimeouts connectOnly(int connectSeconds) {
    return new ConnectionTimeouts(connectSeconds, NO_READ_TIMEOUT);
  }

  /** Whether the driver itself is to bound each read. */
  public boolean boundsReads() {
    return socketReadSeconds != NO_READ_TIMEOUT;
  }
}
