package io.commitbench.cli;

import picocli.CommandLine;

/** Entry point of {@code commitbench.jar}; the only place that calls {@link System#exit}. */
public final class CommitbenchMain {

  /**
   * The commands' descriptions are broken by hand at up to about 92 characters; at picocli's
   * default width of 80 each of those lines would be wrapped again, leaving a short line after every
   * one.
   */
  private static final int USAGE_HELP_WIDTH = 100;

  private CommitbenchMain() {}

  public static void main(String[] args) throws InterruptedException {
    exit(commandLine().execute(args));
  }

  /**
   * Exits with the command's code, unless a signal has begun the JVM's exit: then the JVM's own
   * code for the signal (130, 143) stands, as documented, and this thread waits for it. Calling
   * System.exit then would race it: once the shutdown hooks have run, a non-zero System.exit halts
   * at once with its own code, so a SIGTERM could end with 1 instead of 143.
   */
  static void exit(int commandExitCode) throws InterruptedException {
    if (JvmShutdown.underway()) {
      JvmShutdown.awaitHalt();
    }
    System.exit(commandExitCode);
  }

  /** The configured command line, also used by tests (which set their own out/err writers). */
  public static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new RootCommand());
    commandLine.setExecutionExceptionHandler(new ErrorHandler());
    commandLine.setParameterExceptionHandler(new ShortenedParameterErrors(commandLine.getParameterExceptionHandler()));
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    commandLine.setUsageHelpWidth(USAGE_HELP_WIDTH);
    return commandLine;
  }
}
