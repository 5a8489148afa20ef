package io.commitbench.storage.lab;

import io.commitbench.core.io.AtomicFiles;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.journal.Journal;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * What a running step works with: the runner and host, the progress stream, and the current lab
 * state, which {@link #record} writes to {@code lab.json} (atomically) and the journal after each
 * thing made or removed, so a crash or failure leaves an exact list of what is there.
 *
 * <p>Not thread-safe: one operation, one thread.
 */
final class StepContext {

  private final CommandRunner runner;
  private final LabHost host;
  private final PrintStream progress;
  private final Journal journal;
  private LabState state;

  StepContext(CommandRunner runner, LabHost host, PrintStream progress, Journal journal, LabState state) {
    this.runner = runner;
    this.host = host;
    this.progress = progress;
    this.journal = journal;
    this.state = state;
  }

  LabHost host() {
    return host;
  }

  LabState state() {
    return state;
  }

  Journal journal() {
    return journal;
  }

  /** Runs a command, showing it first. */
  CommandResult run(Command command) throws IOException {
    progress.println("        $ " + command.display());
    return runner.run(command);
  }

  /** Shows an action done in-process (a sysfs or cgroupfs write), as its shell equivalent. */
  void show(String action) {
    progress.println("        $ " + action);
  }

  /** Tells the operator something that is not an action (a thing left alone, a reading). */
  void tell(String text) throws IOException {
    progress.println("        " + text);
    journal.note(text);
  }

  /** Makes {@code next} the current state: written to lab.json, and the action to the journal. */
  void record(LabState next, String action, Map<String, String> detail) throws IOException {
    state = next;
    save(state);
    journal.step(action, detail);
  }

  static void save(LabState state) throws IOException {
    Files.createDirectories(state.root());
    AtomicFiles.write(stateFile(state.root()), LabStateJson.write(state));
  }

  static Path stateFile(Path root) {
    return root.resolve(LabState.FILE);
  }
}
