package io.commitbench.storage.cow;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.snapshot.Snapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one probe has made (its file, its snapshot), each journaled as it is made, and their
 * removal at the end: the snapshot always, the file unless kept. {@link #release} runs once,
 * from the probe's own end or from the shutdown hook when the JVM is stopped (Ctrl-C) half-way,
 * whichever comes first; so the probe removes what it made and nothing else. Thread-safe: the
 * hook and the probing thread both go through the lock, and so does every journal line.
 */
final class ProbeResources {

  private final Applier journal;
  private final CowProbeListener listener;
  private final boolean keepFile;
  private Path file;
  private Snapshot snapshot;
  private boolean released;
  private boolean snapshotRemoved;
  private String snapshotFailure = "";

  ProbeResources(Applier journal, CowProbeListener listener, boolean keepFile) {
    this.journal = journal;
    this.listener = listener;
    this.keepFile = keepFile;
  }

  /**
   * Creates the probe file (it must not exist) and journals it.
   *
   * @throws IOException when it cannot be created, or the probe is already being released
   */
  synchronized void createFile(Path made) throws IOException {
    checkNotReleased();
    Files.createFile(made);
    file = made;
    journal.record("created the probe file", Map.of("file", made.toString()));
    listener.action("created " + made);
  }

  /**
   * Takes the snapshot and journals it, under the lock: a shutdown hook arriving meanwhile waits
   * for the command to end and then removes the snapshot, rather than missing one just made.
   *
   * @return how long the command took
   */
  synchronized Duration takeSnapshot(Snapshot taking) throws IOException {
    checkNotReleased();
    long start = System.nanoTime();
    runAll(taking.take());
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    snapshot = taking;
    journal.record("took a snapshot", Map.of("kind", taking.description(), "source", taking.source(),
        "location", taking.location(), "remove", Snapshot.display(taking.remove())));
    return elapsed;
  }

  /** Notes something that is not an action, in order with the actions; nothing after the journal's end. */
  synchronized void note(String text) throws IOException {
    if (!released) {
      journal.note(text);
    }
  }

  /**
   * Removes the snapshot, then the file (unless kept); the first time only. A failure to remove
   * the snapshot is recorded ({@link #snapshotFailure}) and does not keep the file from going.
   *
   * @param outcome the journal's end line, e.g. {@code completed}
   * @throws IOException when deleting the file fails
   */
  synchronized void release(String outcome) throws IOException {
    if (released) {
      return;
    }
    released = true;
    IOException failure = null;
    if (snapshot != null) {
      try {
        runAll(snapshot.remove());
        snapshotRemoved = true;
        journal.record("removed the snapshot", Map.of("location", snapshot.location()));
      } catch (IOException e) {
        snapshotFailure = e.getMessage();
        journal.note("could not remove the snapshot " + snapshot.location() + ": " + e.getMessage());
      }
    }
    if (file != null && !keepFile) {
      listener.action("removing " + file);
      try {
        Files.deleteIfExists(file);
        journal.record("deleted the probe file", Map.of("file", file.toString()));
      } catch (IOException e) {
        failure = e;
        journal.note("could not delete the probe file " + file + ": " + e.getMessage());
      }
    } else if (file != null) {
      journal.note("kept the probe file " + file + " (--keep)");
    }
    journal.end(snapshotFailure.isEmpty() ? outcome : outcome + "; the snapshot " + snapshot.location()
        + " is left: " + snapshotFailure);
    if (failure != null) {
      throw failure;
    }
  }

  /** The shutdown hook's work: release what is still there, saying the probe was stopped. */
  void releaseOnExit() {
    try {
      release("stopped before its end (the JVM is exiting); removed what it made");
    } catch (IOException | RuntimeException e) {
      System.err.println("cow probe: cleanup on exit failed: " + e.getMessage());
    }
  }

  private void runAll(List<Command> commands) throws IOException {
    for (Command c : commands) {
      journal.run(c);
    }
  }

  private void checkNotReleased() throws IOException {
    if (released) {
      throw new IOException("the probe is stopping: what it made was removed");
    }
  }

  synchronized Optional<Snapshot> snapshot() {
    return Optional.ofNullable(snapshot);
  }

  synchronized boolean snapshotRemoved() {
    return snapshotRemoved;
  }

  synchronized String snapshotFailure() {
    return snapshotFailure;
  }
}
