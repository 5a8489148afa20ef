package io.commitbench.storage.instance;

import io.commitbench.core.io.AtomicFiles;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * The mark that a relocation of an instance's log is under way: {@code relocate-log.lock} in the
 * instance directory, created atomically, naming the journal of that relocation and who took it
 * when ({@link LockHolder}). It is removed when the relocation ends (done, or rolled back); a
 * killed relocation leaves it, so the next one is refused, {@code storage instance status} shows
 * it, and {@code storage undo JOURNAL --apply} recovers from the journal it names.
 */
public final class RelocationLock {

  /** The lock's file name in the instance directory. */
  public static final String FILE = "relocate-log.lock";

  private final Path file;

  public RelocationLock(Path instanceDir) {
    this.file = instanceDir.resolve(FILE);
  }

  public Path file() {
    return file;
  }

  /** Who holds the lock, or empty when nobody does. */
  public Optional<LockHolder> holder() throws IOException {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    return Optional.of(LockHolder.parse(Files.readString(file, StandardCharsets.UTF_8)));
  }

  /** Refuses when someone holds the lock, saying who and how to recover an interrupted relocation. */
  public void requireFree() throws RefusedException {
    Optional<LockHolder> holder;
    try {
      holder = holder();
    } catch (IOException e) {
      throw new RefusedException("the relocation lock " + file + " exists but cannot be read (" + e.getMessage()
          + "); look at it before you remove it");
    }
    if (holder.isPresent()) {
      throw new RefusedException("another relocation of this instance is in progress or was interrupted: " + file
          + " names its journal " + holder.get().journal() + ", held by " + holder.get().describe() + "; "
          + remedy(holder.get()));
    }
  }

  /** Takes the lock for the relocation journaled in {@code journal}; refuses when someone holds it. */
  public void acquire(Path journal) throws IOException, RefusedException {
    try {
      Files.writeString(file, LockHolder.current(journal, Optional.empty()).format(), StandardCharsets.UTF_8,
          StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.SYNC);
    } catch (FileAlreadyExistsException e) {
      requireFree();
      throw e;
    }
  }

  /**
   * Makes this process the holder of the lock of the interrupted relocation journaled in {@code
   * journal}, while {@code recovery} recovers it; the lock may be absent. Replaced atomically: a
   * crash leaves the old holder or the new one.
   */
  public void takeOver(Path journal, Path recovery) throws IOException {
    AtomicFiles.write(file, LockHolder.current(journal, Optional.of(recovery)).format()
        .getBytes(StandardCharsets.UTF_8));
  }

  public void release() throws IOException {
    Files.deleteIfExists(file);
  }

  /** What to do about a lock: wait for a live holder, recover from the journal of a dead one. */
  public static String remedy(LockHolder holder) {
    if (holder.alive()) {
      return "wait until it ends";
    }
    return "recover with 'commitbench storage undo " + holder.journal() + " --apply' (rolls the move back, or"
        + " finishes it once the server may have run on the new log; prints its plan first without --apply)";
  }
}
