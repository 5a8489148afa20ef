package io.commitbench.cli;

import io.commitbench.core.config.ByteSize;
import io.commitbench.storage.oracle.RedoGeometry;
import io.commitbench.storage.oracle.RedoRelocationRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --size}, {@code --blocksize}, {@code --groups}: the new online redo groups of an Oracle
 * relocation. Checked by the agent's own types ({@link RedoGeometry}, {@link
 * RedoRelocationRequest}) before any connection, each problem told against the option it came from.
 */
final class OracleRedoOptions {

  static final String SIZE = "--size";
  static final String BLOCKSIZE = "--blocksize";
  static final String GROUPS = "--groups";
  /** Every option of the group, for refusing them where there are no redo groups. */
  static final List<String> NAMES = List.of(SIZE, BLOCKSIZE, GROUPS);

  @Option(names = SIZE, paramLabel = "SIZE",
      description = "Oracle: size of each new redo member (required): bytes, or a number with K, M, G or T;"
          + " at least 4M")
  String size;

  @Option(names = BLOCKSIZE, paramLabel = "BYTES",
      description = "Oracle: block size of the new members, 512, 1024 or 4096 (default: the current groups')")
  Integer blocksize;

  @Option(names = GROUPS, paramLabel = "N", description = "Oracle: how many groups to add at the target, at least 2"
      + " (default: " + RedoRelocationRequest.DEFAULT_NEW_GROUPS + ")")
  Integer groups;

  /** What to ask the relocation for: {@code to} is the directory as the database host names it. */
  RedoRelocationRequest request(CommandLine commandLine, Path to) {
    if (size == null) {
      throw new ParameterException(commandLine, SIZE + " is missing; required with an Oracle --url: the size of each"
          + " new redo member; give " + ByteSize.ALLOWED + ", at least 4M");
    }
    long bytes = checked(commandLine, SIZE, size, () -> ByteSize.parse(size));
    RedoGeometry sized = checked(commandLine, SIZE, size, () -> RedoGeometry.ofSize(bytes));
    RedoGeometry geometry = blocksize == null ? sized
        : checked(commandLine, BLOCKSIZE, blocksize, () -> RedoGeometry.of(bytes, blocksize));
    // Built first with the default count, so a bad target is told against --to and a bad count against --groups.
    RedoRelocationRequest request = checked(commandLine, "--to", to,
        () -> RedoRelocationRequest.of(to.toString(), geometry));
    return groups == null ? request : checked(commandLine, GROUPS, groups,
        () -> new RedoRelocationRequest(request.targetDirectory(), geometry, groups, Optional.empty()));
  }

  /** The value {@code check} makes of an option's value, or bad input naming the option when it refuses it. */
  private static <T> T checked(CommandLine commandLine, String option, Object value, Supplier<T> check) {
    try {
      return check.get();
    } catch (IllegalArgumentException e) {
      throw new ParameterException(commandLine, option + " " + value + ": " + e.getMessage());
    }
  }
}
