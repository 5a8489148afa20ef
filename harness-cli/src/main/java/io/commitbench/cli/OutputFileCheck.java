package io.commitbench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether {@code -o FILE} can be written, checked before a command does its work, so that a path
 * that is a directory or lies in a missing one is bad input naming it, rather than a failure at the
 * end naming the temporary file the atomic write goes through.
 */
final class OutputFileCheck {

  static final String ALLOWED = "a file in an existing directory";

  private OutputFileCheck() {}

  /** What is wrong with {@code output} as a file to write, said as "what; allowed: ...", or empty. */
  static Optional<String> problem(Path output) {
    Path absolute = output.toAbsolutePath();
    Path directory = absolute.getParent();
    if (Files.isDirectory(absolute)) {
      return Optional.of("is a directory; allowed: " + ALLOWED);
    }
    if (directory == null || !Files.exists(directory)) {
      return Optional.of("its directory " + directory + " does not exist; allowed: " + ALLOWED);
    }
    if (!Files.isDirectory(directory)) {
      return Optional.of("its directory " + directory + " is a file; allowed: " + ALLOWED);
    }
    if (!Files.isWritable(directory) || Files.exists(absolute) && !Files.isWritable(absolute)) {
      return Optional.of("cannot be written by this user; allowed: " + ALLOWED + " this user may write");
    }
    return Optional.empty();
  }
}
