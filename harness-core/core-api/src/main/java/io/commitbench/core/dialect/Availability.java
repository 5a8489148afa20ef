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

  /**
   * The JDBC driver's own version ({@code 42.7}) for descriptions; the jar manifest is no help
   * (shading drops it, some drivers have none).
   *
   * @return "major.minor", or a sentence saying the driver is missing
   */
  public static String driverVersion(String className, ClassLoader loader) {
    try {
      java.sql.Driver driver = (java.sql.Driver) Class.forName(className, true, loader).getDeclaredConstructor().newInstance();
      return driver.getMajorVersion() + "." + driver.getMinorVersion();
    } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
      return "JDBC driver " + className + " not found";
    }
  }
}
