package io.commitbench.storage.relocate;

import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The mark that a relocation of an instance's log is under way: a file in the instance directory,
 * created atomically, naming the journal of that relocation. It is removed when the relocation
 * ends (done, or rolled back); a crash leaves it, so the next attempt is refused and points at
 * the journal that tells what was done.
 */
final class RelocationLock {

  static final String FILE = "relocate-log.lock";

  private final Path file;

  RelocationLock(Path instanceDir) {
    this.file = instanceDir.resolve(FILE);
  }

  Path file() {
    return file;
  }

  /** Refuses when another relocation holds the lock. */
  void requireFree() throws RefusedException {
    if (Files.exists(file)) {
      throw new RefusedException("another relocation of this instance is in progress or crashed: " + file
          + " exists and names its journal " + holder() + "; read that journal, repair, then delete " + file);
    }
  }

  /** Takes the lock, naming the journal; refuses when someone holds it. */
  void acquire(Path journal) throws IOException, RefusedException {
    try {
      Files.writeString(file, journal.toAbsolutePath() + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE, StandardOpenOption.SYNC);
    } catch (FileAlreadyExistsException e) {
      requireFree();
      throw e;
    }
  }

  void release() throws IOException {
    Files.deleteIfExists(file);
  }

  private String holder() {
    try {
      return Files.readString(file, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      return "(unreadable: " + e.getMessage() + ")";
    }
  }
}
