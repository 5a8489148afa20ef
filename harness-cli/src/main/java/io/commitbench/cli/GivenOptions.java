package io.commitbench.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * Refuses options that mean nothing in the case at hand (a login where nothing is connected to),
 * instead of ignoring them: whoever gave one expected it to matter.
 */
final class GivenOptions {

  private GivenOptions() {}

  /** Bad input naming those of {@code options} that were given, and {@code why} they do not apply. */
  static void refuse(CommandLine commandLine, List<String> options, String why) {
    List<String> given = options.stream().filter(commandLine.getParseResult()::hasMatchedOption).toList();
    if (!given.isEmpty()) {
      throw new ParameterException(commandLine, String.join(", ", given) + ": " + why);
    }
  }
}
