package io.commitbench.storage.relocate;

/**
 * A part of an online relocation's request that is missing or not allowed, with the reason said
 * so a user can act on it ({@code below Oracle's minimum of 4M}); the caller names the option the
 * part came from.
 */
public final class LogShapeException extends Exception {

  private final LogShape.Part part;
  private final boolean missing;

  private LogShapeException(LogShape.Part part, boolean missing, String reason) {
    super(reason);
    this.part = part;
    this.missing = missing;
  }

  /** The part was not given and is required; {@code reason} says why and what to give. */
  public static LogShapeException missing(LogShape.Part part, String reason) {
    return new LogShapeException(part, true, reason);
  }

  /** The part's value is not allowed; {@code reason} says what is. */
  public static LogShapeException invalid(LogShape.Part part, String reason) {
    return new LogShapeException(part, false, reason);
  }

  public LogShape.Part part() {
    return part;
  }

  public boolean isMissing() {
    return missing;
  }
}
