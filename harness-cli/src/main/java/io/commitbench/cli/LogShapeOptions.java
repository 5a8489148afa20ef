package io.commitbench.cli;

import io.commitbench.storage.relocate.LogShape;
import io.commitbench.storage.relocate.LogShapeException;
import io.commitbench.storage.relocate.OnlineRelocation;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --size}, {@code --blocksize}, {@code --groups}: the new log groups of a server moved
 * online. The kind's {@link OnlineRelocation} checks them before any
 * connection; each problem is told against the option it came from.
 */
final class LogShapeOptions {

  static final String SIZE = "--size";
  static final String BLOCKSIZE = "--blocksize";
  static final String GROUPS = "--groups";
  /** Every option of the group, for refusing them where there are no log groups. */
  static final List<String> NAMES = List.of(SIZE, BLOCKSIZE, GROUPS);
  /** The option each part of a request comes from. */
  private static final Map<LogShape.Part, String> OPTION = Map.of(LogShape.Part.TARGET, "--to",
      LogShape.Part.SIZE, SIZE, LogShape.Part.BLOCK_SIZE, BLOCKSIZE, LogShape.Part.GROUPS, GROUPS);

  @Option(names = SIZE, paramLabel = "SIZE",
      description = "A server moved online: size of each new log member (required): bytes, or a number with K, M, G or T;"
          + " at least 4M")
  String size;

  @Option(names = BLOCKSIZE, paramLabel = "BYTES",
      description = "A server moved online: block size of the new members, 512, 1024 or 4096 (default: the current groups')")
  Integer blocksize;

  @Option(names = GROUPS, paramLabel = "N", description = "A server moved online: how many groups to add at the target, at least 2"
      + " (default: 3)")
  Integer groups;

  /** The relocation's request, checked: {@code to} is the directory as the database host names it. */
  OnlineRelocation.Checked check(CommandLine commandLine, OnlineRelocation online, Path to) {
    LogShape shape = new LogShape(Optional.ofNullable(size), Optional.ofNullable(blocksize), Optional.ofNullable(groups));
    try {
      return online.check(to, shape);
    } catch (LogShapeException e) {
      String option = OPTION.get(e.part());
      throw new ParameterException(commandLine, e.isMissing() ? option + " is missing; " + e.getMessage()
          : option + " " + given(e.part(), to) + ": " + e.getMessage());
    }
  }

  private Object given(LogShape.Part part, Path to) {
    return switch (part) {
      case TARGET -> to;
      case SIZE -> size;
      case BLOCK_SIZE -> blocksize;
      case GROUPS -> groups;
    };
  }
}
