package io.commitbench.core.server;

import java.sql.Connection;
import java.sql.SQLException;

/** Opens an administrative connection to the server a companion works on: as the central user, with the run's connect and read timeouts. */
@FunctionalInterface
public interface ConnectionSource {
  Connection open() throws SQLException;
}
