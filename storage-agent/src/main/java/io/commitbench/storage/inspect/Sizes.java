package io.commitbench.storage.inspect;

import java.util.Locale;

/** Byte counts for people: {@code 1.5 GiB}. */
public final class Sizes {

  private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

  private Sizes() {}

  public static String binary(long bytes) {
    double value = bytes;
    int unit = 0;
    while (value >= 1024 && unit < UNITS.length - 1) {
      value /= 1024;
      unit++;
    }
    return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, UNITS[unit]);
  }
}
