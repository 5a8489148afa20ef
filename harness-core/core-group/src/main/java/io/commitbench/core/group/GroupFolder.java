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
 * run-2}, ... (each a run's folder) and {@code group.json}, {@code group.txt} and {@code
 * report.html}. A sweep's folder ({@code sweep.key}) holds a folder per value instead, {@code
 * KEY=VALUE} (a run's folder, or with {@code runs=N} a group's), and the same three files.
 */
public final class GroupFolder {

  public static final String JSON = "group.json";
  public static final String TEXT = "group.txt";
  /** The group's own page, named as a run's is: every results folder opens with its report.html. */
  public static final String HTML = RunFolder.REPORT_HTML;
  public static final String RUN_PREFIX = "run-";

  private GroupFolder() {}

  /** Whether {@code directory} is a group's: it has run folders named run-N. */
  public static boolean isGroup(Path directory) throws IOException {
    return Files.isDirectory(directory) && !members(directory).isEmpty();
  }

  /** Whether {@code directory} is a sweep's: it has folders named KEY=VALUE that are runs' or groups'. */
  public static boolean isSweep(Path directory) throws IOException {
    return Files.isDirectory(directory) && !points(directory).isEmpty();
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

  /**
   * The folders of a sweep's values (KEY=VALUE, each a run's or a group's), by name; {@link
   * SweepSummary} puts them in the sweep's order.
   */
  public static List<Path> points(Path directory) throws IOException {
    try (Stream<Path> children = Files.list(directory)) {
      List<Path> candidates = children.filter(c -> c.getFileName().toString().matches("[^=]+=.+")).sorted().toList();
      List<Path> points = new java.util.ArrayList<>();
      for (Path c : candidates) {
        if (new RunFolder(c).isRun() || isGroup(c)) {
          points.add(c);
        }
      }
      return points;
    }
  }

  /**
   * The run folders of a group or a sweep, every value's runs included; the folder itself when it
   * is a run's.
   */
  public static List<Path> runFolders(Path directory) throws IOException {
    if (new RunFolder(directory).isRun()) {
      return List.of(directory);
    }
    if (isGroup(directory)) {
      return members(directory);
    }
    List<Path> runs = new java.util.ArrayList<>();
    for (Path point : points(directory)) {
      runs.addAll(new RunFolder(point).isRun() ? List.of(point) : members(point));
    }
    return runs;
  }
}
