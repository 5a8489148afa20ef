package io.commitbench.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The commitbench version, as Maven wrote it into {@code commitbench-version.properties}. */
public final class HarnessVersion {

  private static final String VERSION = load();

  private HarnessVersion() {}

  public static String get() {
    return VERSION;
  }

  private static String load() {
    try (InputStream in = HarnessVersion.class.getResourceAsStream("/commitbench-version.properties")) {
      if (in == null) {
        return "unknown (no version resource)";
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }
}
