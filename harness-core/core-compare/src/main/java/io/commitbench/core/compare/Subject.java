package io.commitbench.core.compare;

import io.commitbench.core.group.GroupFolder;
import io.commitbench.core.group.SweepSummary;
import io.commitbench.core.results.ResultFormatException;
import io.commitbench.core.results.RunFolder;
import io.commitbench.core.results.RunSummary;
import io.commitbench.core.results.SummaryReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One side of a comparison: a run, or a group of runs ({@code runs=N}), by its folder.
 *
 * @param name the folder's name, as the outputs label it
 * @param runFolders the run folders (one for a run)
 * @param summaries their summaries, in the same order
 */
public record Subject(String name, Path directory, boolean group, List<Path> runFolders, List<RunSummary> summaries) {

  /** @throws ResultFormatException when the folder is neither a run's nor a group's, or a summary is unreadable */
  public static Subject load(Path directory) throws IOException {
    String name = directory.toAbsolutePath().normalize().getFileName().toString();
    if (new RunFolder(directory).isRun()) {
      return new Subject(name, directory, false, List.of(directory),
          List.of(SummaryReader.read(new RunFolder(directory).summary())));
    }
    if (GroupFolder.isGroup(directory)) {
      List<Path> members = GroupFolder.members(directory);
      List<RunSummary> summaries = new ArrayList<>();
      for (Path member : members) {
        summaries.add(SummaryReader.read(new RunFolder(member).summary()));
      }
      return new Subject(name, directory, true, members, summaries);
    }
    throw new ResultFormatException(directory + " is neither a run's results folder (it has no summary.json) nor a"
        + " group's (it has no run-N folders with one)");
  }

  /**
   * The subjects a folder stands for: itself when it is a run's or a group's; a sweep's points (one
   * per value that ran, in the sweep's order) when it is a sweep's.
   *
   * @throws ResultFormatException when the folder is none of these, or a summary is unreadable
   */
  public static List<Subject> loadAll(Path directory) throws IOException {
    if (new RunFolder(directory).isRun() || GroupFolder.isGroup(directory) || !GroupFolder.isSweep(directory)) {
      return List.of(load(directory));
    }
    List<Subject> points = new ArrayList<>();
    for (SweepSummary.Point point : SweepSummary.of(directory).points()) {
      if (point.runs().runs().isEmpty()) {
        continue; // a listed value that did not run: nothing to set beside the others
      }
      points.add(load(directory.resolve(point.folder())));
    }
    return points;
  }

  /** The summaries of the runs that completed: the ones whose figures count. */
  public List<RunSummary> counted() {
    List<RunSummary> counted = summaries.stream().filter(s -> "completed".equals(s.outcome())).toList();
    return counted.isEmpty() ? summaries : counted;
  }
}
