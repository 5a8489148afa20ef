package io.commitbench.storage.plan;

import io.commitbench.core.io.AtomicFiles;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The state half of an operation that builds or removes things on the host (a lab, a storage
 * layout): it keeps the current state of what exists, which {@link #record} writes to the state
 * file (atomically) and, through the operation's {@link Applier}, to the journal after or before
 * each thing made or removed, so that a crash or failure leaves an exact list of what is there
 * for the tear-down to remove. Commands run through the same applier, which journals what ran.
 *
 * <p>Not thread-safe: one operation, one thread.
 *
 * @param <S> the immutable state type, written by the serializer
 */
public final class StateRecorder<S> {

  /** Turns a state into the bytes of its file. */
  @FunctionalInterface
  public interface Serializer<S> {
    byte[] write(S state) throws IOException;
  }

  private final Applier applier;
  private final Path stateFile;
  private final Serializer<S> serializer;
  private S state;

  public StateRecorder(Applier applier, Path stateFile, Serializer<S> serializer, S initial) {
    this.applier = applier;
    this.stateFile = stateFile;
    this.serializer = serializer;
    this.state = initial;
  }

  public S state() {
    return state;
  }

  public Applier applier() {
    return applier;
  }

  /** Runs a command, showing it first; fails when it exits non-zero. */
  public CommandResult run(Command command) throws IOException {
    return applier.run(command);
  }

  /**
   * Does an action in-process (a sysfs or cgroupfs write), shown as its shell equivalent and
   * journaled with the next line as ran, with its exit code ({@link Applier#local}).
   */
  public void local(String display, Work work) throws IOException {
    applier.local(display, () -> {
      work.run();
      return null;
    });
  }

  /** An action done in-process that may fail with an I/O error. */
  @FunctionalInterface
  public interface Work {
    void run() throws IOException;
  }

  /** Tells the operator something that is not an action (a thing left alone, a reading); journaled as a note. */
  public void tell(String text) throws IOException {
    applier.tell(text);
  }

  /** Makes {@code next} the current state: written to the state file, and the action to the journal. */
  public void record(S next, String action, Map<String, String> detail) throws IOException {
    state = next;
    save(stateFile, serializer, state);
    applier.record(action, detail);
  }

  /** Writes a state file atomically, making its directory first. */
  public static <S> void save(Path stateFile, Serializer<S> serializer, S state) throws IOException {
    Files.createDirectories(stateFile.toAbsolutePath().getParent());
    AtomicFiles.write(stateFile, serializer.write(state));
  }
}
