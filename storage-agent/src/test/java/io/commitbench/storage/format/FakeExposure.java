package io.commitbench.storage.format;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/** A log exposure that hands out the given samples in turn and names a directory; ignores its connection. */
final class FakeExposure implements LogExposure {

  private final Path directory;
  private final Deque<LogSample> samples;

  FakeExposure(Path directory, List<LogSample> samples) {
    this.directory = directory;
    this.samples = new ArrayDeque<>(samples);
  }

  @Override
  public Path logDirectory(Connection admin) {
    return directory;
  }

  @Override
  public LogSample sample(Connection admin) {
    return samples.size() > 1 ? samples.poll() : samples.peek();
  }

  @Override
  public boolean isLogFile(String fileName) {
    return fileName.startsWith("seg");
  }

  @Override
  public String unit() {
    return "WAL segment";
  }

  @Override
  public Reuse reuse() {
    return Reuse.RENAME;
  }
}
