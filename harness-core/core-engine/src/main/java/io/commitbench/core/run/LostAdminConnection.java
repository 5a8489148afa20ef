package io.commitbench.core.run;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * What the run's admin connection is once it was lost and could not be re-established: a
 * connection every call of which fails with the loss's reason, in words. So whatever still needs
 * the server at the end (the counters, the workload's look at its tables, the cleanup) fails as it
 * would on a broken connection, with a reason a user can read, and the cleanup still names what it
 * could not drop. Closing it does nothing; it is never valid.
 */
final class LostAdminConnection {

  /** SQLState class 08, connection exception: "connection does not exist". */
  private static final String NO_CONNECTION = "08003";

  private LostAdminConnection() {}

  /** A connection that fails every call with {@code reason}. */
  static Connection failingWith(String reason) {
    return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
        (proxy, method, args) -> switch (method.getName()) {
          case "close", "abort" -> null;
          case "isClosed" -> true;
          case "isValid" -> false;
          case "toString" -> "lost admin connection: " + reason;
          case "hashCode" -> System.identityHashCode(proxy);
          case "equals" -> proxy == args[0];
          default -> throw new SQLException(reason, NO_CONNECTION);
        });
  }
}
