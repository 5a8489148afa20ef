package io.commitbench.storage.format;

import java.sql.Connection;
import java.sql.SQLException;

/** Opens an administrative connection to the server a formatter works on. */
@FunctionalInterface
public interface ConnectionSource {
  Connection open() throws SQLException;
}
