package io.commitbench.cli;

import picocli.CommandLine;

/** Entry point of {@code commitbench.jar}; the only place that calls {@link System#exit}. */
public final class CommitbenchMain {

  private CommitbenchMain() {}

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line, also used by tests (which set their own out/err writers). */
  static final int USAGE_HELP_WIDTH = 100;

  public static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new RootCommand());
    commandLine.setExecutionExceptionHandler(new ErrorHandler());
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    // The commands' descriptions are broken by hand at about 90 characters; picocli's default
    // width of 80 wrapped each of those lines again, leaving a short line after every one.
    commandLine.setUsageHelpWidth(USAGE_HELP_WIDTH);
    return commandLine;
  }
}
