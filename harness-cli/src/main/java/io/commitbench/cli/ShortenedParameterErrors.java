package io.commitbench.cli;

import io.commitbench.core.key.EchoedValue;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;

/**
 * picocli's handling of an option it cannot read (message, suggestions, usage, exit 2), with a
 * value too long to repeat shortened in the message, as every error of the product shortens it.
 */
final class ShortenedParameterErrors implements IParameterExceptionHandler {

  private final IParameterExceptionHandler picocli;

  ShortenedParameterErrors(IParameterExceptionHandler picocli) {
    this.picocli = picocli;
  }

  @Override
  public int handleParseException(ParameterException e, String[] args) throws Exception {
    String shortened = EchoedValue.within(e.getMessage());
    if (shortened.equals(e.getMessage())) {
      return picocli.handleParseException(e, args);
    }
    CommandLine commandLine = e.getCommandLine();
    return picocli.handleParseException(new ParameterException(commandLine, shortened, e, e.getArgSpec(),
        EchoedValue.of(e.getValue())), args);
  }
}
