package io.commitbench.storage.format;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Tells created from recycled log files by their inodes: a file name that appears with an inode
 * the last look saw under another name is an old file renamed for reuse (recycled); one with any
 * other inode is a new file (created); an inode the last look saw and this one does not was
 * removed. It looks only when asked ({@link #look()}), so a file that came and went between two
 * looks is not seen (the counts are lower bounds), and a file removed and another created between
 * two looks on the inode number the filesystem freed and reused counts as one recycled. Reads the
 * directory on this host; not thread-safe (one poller).
 */
final class LogFileWatch {

  private final Path directory;
  private final Predicate<String> isLogFile;
  private final Map<String, Long> current = new HashMap<>();
  private long created;
  private long recycled;
  private long removed;

  LogFileWatch(Path directory, Predicate<String> isLogFile) {
    this.directory = directory;
    this.isLogFile = isLogFile;
  }

  /** The first look, which counts nothing: the files the run starts with. */
  void begin() throws IOException {
    Map<String, Long> now = list();
    current.putAll(now);
  }

  /** Looks again and counts what changed since the last look. */
  void look() throws IOException {
    update(list());
  }

  /** Counts the changes from the last look to {@code now} (name to inode); for tests too. */
  void update(Map<String, Long> now) {
    Set<Long> nowInodes = new HashSet<>(now.values());
    Set<Long> lastInodes = new HashSet<>(current.values());
    for (Map.Entry<String, Long> file : now.entrySet()) {
      Long before = current.get(file.getKey());
      if (before != null && before.equals(file.getValue())) {
        continue;
      }
      if (lastInodes.contains(file.getValue())) {
        recycled++;
      } else {
        created++;
      }
    }
    for (Long inode : lastInodes) {
      if (!nowInodes.contains(inode)) {
        removed++;
      }
    }
    current.clear();
    current.putAll(now);
  }

  long created() {
    return created;
  }

  long recycled() {
    return recycled;
  }

  long removed() {
    return removed;
  }

  private Map<String, Long> list() throws IOException {
    Map<String, Long> files = new HashMap<>();
    try (Stream<Path> entries = Files.list(directory)) {
      for (Path p : (Iterable<Path>) entries::iterator) {
        if (isLogFile.test(p.getFileName().toString())) {
          try {
            files.put(p.getFileName().toString(), ((Number) Files.getAttribute(p, "unix:ino")).longValue());
          } catch (java.nio.file.NoSuchFileException gone) {
            // Removed or renamed between the listing and the look: the next look sees where it went.
          }
        }
      }
    }
    return files;
  }
}
