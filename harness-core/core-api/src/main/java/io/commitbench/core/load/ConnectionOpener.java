package io.commitbench.core.load;

import java.sql.Connection;
import java.sql.SQLException;

/** Opens a new connection as the central user, for one loader thread; the caller closes it. */
@FunctionalInterface
public interface ConnectionOpener {
  Connection open() throws SQLException;
}
