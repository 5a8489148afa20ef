package io.commitbench.cli;

import picocli.CommandLine;

/** Entry point of {@code commitbench.jar}; the only place that calls {@link System#exit}. */
public final class CommitbenchMain {

  private CommitbenchMain() {}

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line, also used by tests (which set their own out/err writers). */
  public static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new RootCommand());
    commandLine.setExecutionExceptionHandler(new ErrorHandler());
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    return commandLine;
  }
}
