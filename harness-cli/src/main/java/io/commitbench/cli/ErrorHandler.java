package io.commitbench.cli;

import io.commitbench.core.key.EchoedValue;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Shows an unexpected failure as one line, a long value in it shortened (the stack trace only with
 * COMMITBENCH_DEBUG set).
 */
final class ErrorHandler implements IExecutionExceptionHandler {

  @Override
  public int handleExecutionException(Exception e, CommandLine commandLine, ParseResult parseResult) {
    if (e instanceof io.commitbench.storage.plan.RefusedException) {
      // A refusal is bad input by definition: the agent checked and changed nothing.
      commandLine.getErr().println("refused: " + EchoedValue.within(e.getMessage()));
      return ExitCodes.BAD_INPUT;
    }
    commandLine.getErr().println("error: " + EchoedValue.within(e.getMessage() == null ? e.toString() : e.getMessage()));
    if (System.getenv("COMMITBENCH_DEBUG") != null) {
      e.printStackTrace(commandLine.getErr());
    }
    return ExitCodes.RUN_FAILED;
  }
}
