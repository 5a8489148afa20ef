package io.commitbench.core.dialect;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;

/**
 * Classification by what JDBC and the SQL standard define, for dialects to fall back on after
 * their vendor codes: exception subclasses and SQLState classes 08 (connection), 23 (integrity)
 * and 40001 (serialization).
 */
public final class StandardErrors {

  private StandardErrors() {}

  /** The class the standard defines for the error, or empty when only the vendor can tell. */
  public static Optional<ErrorClass> classify(SQLException error) {
    String state = error.getSQLState() == null ? "" : error.getSQLState();
    if (error instanceof SQLTimeoutException) {
      return Optional.of(ErrorClass.STATEMENT_TIMEOUT);
    }
    if (error instanceof SQLNonTransientConnectionException
        || error instanceof SQLTransientConnectionException
        || error instanceof SQLRecoverableException
        || state.startsWith("08")) {
      return Optional.of(ErrorClass.CONNECTION_LOST);
    }
    if (state.equals("40001")) {
      return Optional.of(ErrorClass.SERIALIZATION_FAILURE);
    }
    if (state.startsWith("23")) {
      return Optional.of(ErrorClass.CONSTRAINT_VIOLATION);
    }
    return Optional.empty();
  }

  /** SQLState class 28, invalid authorization specification: a login the server refused. */
  public static boolean loginRefused(SQLException error) {
    return error.getSQLState() != null && error.getSQLState().startsWith("28");
  }
}
