package io.commitbench.core.group;

import io.commitbench.core.results.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A group's folder ({@code runs=N}): {@code results/<run-id>/} holding {@code run-1}, {@code
 * run-2}, ... (each a run's folder) and {@code group.json} and {@code group.txt}.
 */
public final class GroupFolder {

  public static final String JSON = "group.json";
  public static final String TEXT = "group.txt";
  public static final String RUN_PREFIX = "run-";

  private GroupFolder() {}

  /** Whether {@code directory} is a group's: it has run folders named run-N. */
  public static boolean isGroup(Path directory) throws IOException {
    return Files.isDirectory(directory) && !members(directory).isEmpty();
  }

  /** The folders of the group's runs that have a summary, in run order (run-2 before run-10). */
  public static List<Path> members(Path directory) throws IOException {
    try (Stream<Path> children = Files.list(directory)) {
      return children.filter(c -> c.getFileName().toString().matches(RUN_PREFIX + "[0-9]+"))
          .filter(c -> new RunFolder(c).isRun())
          .sorted(Comparator.comparingInt(c -> Integer.parseInt(c.getFileName().toString().substring(RUN_PREFIX.length()))))
          .toList();
    }
  }
}
