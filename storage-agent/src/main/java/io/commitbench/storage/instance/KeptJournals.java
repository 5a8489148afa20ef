package io.commitbench.storage.instance;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where {@code destroy} keeps an instance's journals: {@code INSTANCE.journals}, next to the
 * instance directory (e.g. {@code /var/tmp/pg.journals} for {@code /var/tmp/pg}). The journals
 * are the audit trail of every relocation of the instance's log; the instance goes, they stay. A
 * sibling, not a folder somewhere else, so that it is found by looking where the instance was and
 * the move is a rename on the same filesystem.
 */
final class KeptJournals {

  private KeptJournals() {}

  /** The folder the journals of the instance in {@code instanceDir} are kept in once it is destroyed. */
  static Path dirFor(Path instanceDir) {
    return instanceDir.resolveSibling(instanceDir.getFileName() + ".journals");
  }

  /** The journals in {@code INSTANCE/journals} now, sorted (by time, as their names are). */
  static List<Path> in(Path instanceDir) throws IOException {
    Path dir = instanceDir.resolve(InstanceDescriptor.JOURNALS);
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).sorted().toList();
    }
  }

  /**
   * Moves every journal of the instance into {@link #dirFor} (made if absent; a name taken there
   * already gets {@code .1}, {@code .2}, …) and forces the folder to disk.
   *
   * @return the folder, or empty when the instance has no journal
   */
  static Optional<Path> keep(Path instanceDir) throws IOException {
    List<Path> journals = in(instanceDir);
    if (journals.isEmpty()) {
      return Optional.empty();
    }
    Path kept = Files.createDirectories(dirFor(instanceDir));
    for (Path journal : journals) {
      Files.move(journal, free(kept, journal.getFileName().toString()));
    }
    try (FileChannel dir = FileChannel.open(kept, StandardOpenOption.READ)) {
      dir.force(true);
    }
    return Optional.of(kept);
  }

  private static Path free(Path dir, String name) {
    Path candidate = dir.resolve(name);
    for (int n = 1; Files.exists(candidate, LinkOption.NOFOLLOW_LINKS); n++) {
      candidate = dir.resolve(name + "." + n);
    }
    return candidate;
  }
}
