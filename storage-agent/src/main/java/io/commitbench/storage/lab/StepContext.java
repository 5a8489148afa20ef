package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabState;
import io.commitbench.core.host.lab.LabStateJson;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.StateRecorder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * What a running step works with: the host, and a {@link StateRecorder} that runs commands (through
 * the operation's {@link Applier}, which journals what ran) and keeps the current lab state, writing it to {@code lab.json} (atomically) and the journal after
 * each thing made or removed, so a crash or failure leaves an exact list of what is there.
 *
 * <p>Not thread-safe: one operation, one thread.
 */
final class StepContext {

  private final LabHost host;
  private final StateRecorder<LabState> recorder;

  StepContext(Applier applier, LabHost host, LabState state) {
    this.host = host;
    this.recorder = new StateRecorder<>(applier, stateFile(state.root()), LabStateJson::write, state);
  }

  LabHost host() {
    return host;
  }

  LabState state() {
    return recorder.state();
  }

  Applier applier() {
    return recorder.applier();
  }

  /** Runs a command, showing it first. */
  CommandResult run(Command command) throws IOException {
    return recorder.run(command);
  }

  /** Does an action in-process (a sysfs or cgroupfs write), shown and journaled as its shell equivalent. */
  void local(String display, StateRecorder.Work work) throws IOException {
    recorder.local(display, work);
  }

  /** Tells the operator something that is not an action (a thing left alone, a reading). */
  void tell(String text) throws IOException {
    recorder.tell(text);
  }

  /** Makes {@code next} the current state: written to lab.json, and the action to the journal. */
  void record(LabState next, String action, Map<String, String> detail) throws IOException {
    recorder.record(next, action, detail);
  }

  static void save(LabState state) throws IOException {
    StateRecorder.save(stateFile(state.root()), LabStateJson::write, state);
  }

  static Path stateFile(Path root) {
    return root.resolve(LabState.FILE);
  }
}
