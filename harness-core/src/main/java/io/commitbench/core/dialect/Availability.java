package io.commitbench.core.dialect;

/**
 * Whether a dialect can run on this installation, with the reason when it cannot.
 *
 * @param available true when the dialect's JDBC driver is present
 * @param reason why it is not available; empty when it is
 */
public record Availability(boolean available, String reason) {

  public static Availability ok() {
    return new Availability(true, "");
  }

  public static Availability missing(String reason) {
    return new Availability(false, reason);
  }

  /** Checks that a JDBC driver class loads with the dialect's class loader. */
  public static Availability ofDriverClass(String className, ClassLoader loader) {
    try {
      Class.forName(className, false, loader);
      return ok();
    } catch (ClassNotFoundException | LinkageError e) {
      return missing("JDBC driver class " + className + " not found: " + e);
    }
  }
}
