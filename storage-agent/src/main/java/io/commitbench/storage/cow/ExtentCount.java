package io.commitbench.storage.cow;

import java.util.Locale;
import java.util.OptionalLong;

/**
 * How many extents a file has, as FIEMAP reports them through {@code filefrag}, or why that is
 * unknown (no filefrag, a filesystem without FIEMAP).
 *
 * @param extents the count, when known
 * @param unknownReason why it is not, else empty
 */
public record ExtentCount(OptionalLong extents, String unknownReason) {

  public ExtentCount {
    if (extents.isPresent() == !unknownReason.isEmpty()) {
      throw new IllegalArgumentException("give a count or a reason, not both or neither");
    }
  }

  public static ExtentCount of(long extents) {
    return new ExtentCount(OptionalLong.of(extents), "");
  }

  public static ExtentCount unknown(String reason) {
    return new ExtentCount(OptionalLong.empty(), reason);
  }

  /** {@code 1,234} or {@code unknown (reason)}. */
  public String display() {
    return extents.isPresent() ? String.format(Locale.ROOT, "%,d", extents.getAsLong())
        : "unknown (" + unknownReason + ")";
  }
}
