package io.commitbench.storage.cow;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandFailedException;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.Programs;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Counts a file's extents with {@code filefrag} (e2fsprogs), as the article did: it asks the
 * kernel for the file's map (FIEMAP, syncing the file first) and prints {@code FILE: N extents
 * found}, merging pieces that are contiguous on the device. Stateless and thread-safe.
 */
final class Filefrag {

  static final String PROGRAM = "filefrag";

  /** The last line's count; a file name may hold anything, so only the end of the line is read. */
  private static final Pattern FOUND = Pattern.compile("(\\d+) extents? found\\s*$");

  private Filefrag() {}

  /** The command, with filefrag found in /usr/sbin when the PATH lacks it. */
  static Command command(Path file) {
    return Command.of(Programs.find(PROGRAM).map(Path::toString).orElse(PROGRAM), file.toString());
  }

  /** Counts, or says why it could not: never throws for a missing tool or a filesystem without FIEMAP. */
  static ExtentCount count(CommandRunner runner, Path file) {
    if (Programs.find(PROGRAM).isEmpty()) {
      return ExtentCount.unknown("no filefrag on this host (package e2fsprogs)");
    }
    CommandResult result;
    try {
      result = runner.attempt(command(file));
    } catch (CommandFailedException e) {
      return ExtentCount.unknown(e.getMessage());
    }
    if (!result.succeeded()) {
      String said = (result.stderr().isBlank() ? result.stdout() : result.stderr()).strip();
      return ExtentCount.unknown("filefrag exited " + result.exitCode() + (said.isEmpty() ? "" : ": "
          + said.lines().reduce((a, b) -> b).orElse("")));
    }
    return parse(result.stdout()).map(ExtentCount::of)
        .orElseGet(() -> ExtentCount.unknown("filefrag printed no 'N extents found': " + result.stdout().strip()));
  }

  /** The count from filefrag's output: the last line ending in {@code N extent(s) found}. */
  static Optional<Long> parse(String stdout) {
    return stdout.lines().map(String::strip).filter(l -> !l.isEmpty()).reduce((a, b) -> b)
        .map(FOUND::matcher).filter(Matcher::find).map(m -> Long.parseLong(m.group(1)));
  }
}
