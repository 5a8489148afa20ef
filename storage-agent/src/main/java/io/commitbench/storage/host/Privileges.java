package io.commitbench.storage.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether this process may do what the storage agent does to devices (loop, mount, mkfs, LVM). */
public final class Privileges {

  private Privileges() {}

  /** Whether the process runs as uid 0 (read from {@code /proc/self}; the user name as a fallback). */
  public static boolean isRoot() {
    try {
      return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "root".equals(System.getProperty("user.name"));
    }
  }
}
