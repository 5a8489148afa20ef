package io.commitbench.it.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a test that signals a started process needs to know: a JVM started from a non-interactive
 * shell's background job inherits SIGINT as ignored, and so would its children, so a Ctrl-C could
 * not be simulated. GNU env resets it to the default for the child.
 */
public final class Signals {

  private static final long SIGINT_BIT = 1L << 1;

  private Signals() {}

  /** The words to put before a child's command so that it takes SIGINT by default; none when this JVM does already. */
  public static List<String> defaultSigintPrefix() throws IOException {
    return sigintIgnored("self") ? List.of("env", "--default-signal=INT") : List.of();
  }

  /** Whether {@code /proc/PID/status} lists SIGINT as ignored ({@code self} for this JVM); false where there is no /proc. */
  public static boolean sigintIgnored(String pid) throws IOException {
    Path status = Path.of("/proc", pid, "status");
    if (!Files.isReadable(status)) {
      return false;
    }
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        return (Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16) & SIGINT_BIT) != 0;
      }
    }
    return false;
  }
}
