package io.commitbench.storage.exec;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Starts a long-lived process (a database server that does not fork itself) and returns at once,
 * its input from {@code /dev/null} and its output appended to a file, so no pipe of the agent's
 * fills and stalls it. With {@link ProcessCommandRunner} the only place the agent starts
 * processes: everything it runs goes through this package.
 */
public final class DetachedStart {

  private DetachedStart() {}

  /** Starts {@code command}, its stdout and stderr appended to {@code console}; the caller watches it. */
  public static Process start(Command command, Path console) throws IOException {
    return new ProcessBuilder(command.processArgv())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(console.toFile()))
        .start();
  }
}
