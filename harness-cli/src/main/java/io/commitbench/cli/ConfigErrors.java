package io.commitbench.cli;

import io.commitbench.core.config.ConfigException;
import java.io.PrintWriter;

/** Prints every configuration problem, one per line, so all can be fixed in one go. */
final class ConfigErrors {

  private ConfigErrors() {}

  static int report(ConfigException e, PrintWriter err) {
    err.println("error: " + e.getMessage());
    err.println("nothing was run and no database was contacted.");
    err.flush();
    return ExitCodes.BAD_INPUT;
  }
}
