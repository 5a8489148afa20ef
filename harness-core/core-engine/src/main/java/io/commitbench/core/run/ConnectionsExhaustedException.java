package io.commitbench.core.run;

import java.sql.SQLException;

/**
 * An actor could not connect before the measurement because the server has no connection left
 * (see {@code Dialect#connectionsExhausted}): waiting for one would only end in the reconnect
 * timeout, and a run with fewer actors than it was asked for measures something else.
 */
public final class ConnectionsExhaustedException extends Exception {

  /** @param server the server's own answer, which {@code message} quotes */
  ConnectionsExhaustedException(String message, SQLException server) {
    super(message, server);
  }
}
