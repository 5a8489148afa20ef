package io.commitbench.core.run;

import java.sql.SQLException;

/**
 * What a failed connect attempt says. HikariCP reports every failure as its own "Connection is
 * not available, request timed out after 10000ms" and keeps the server's answer (a wrong
 * password, too many connections) as the cause: that answer is what the user needs to read and
 * what the dialect classifies.
 */
final class ConnectFailure {

  private ConnectFailure() {}

  /** The first SQLException behind {@code e} (the driver's, behind the pool's), else {@code e} itself. */
  static SQLException serverError(SQLException e) {
    for (Throwable cause = e.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
      if (cause instanceof SQLException server) {
        return server;
      }
    }
    return e;
  }

  /** The server's message first, then the pool's when it is another one. */
  static String describe(SQLException e) {
    SQLException server = serverError(e);
    if (server == e || e.getMessage() == null || e.getMessage().contains(String.valueOf(server.getMessage()))) {
      return e.getMessage();
    }
    return server.getMessage() + " (" + e.getMessage() + ")";
  }
}
