package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Records the commands a plan runs; the ones matching {@code failing} exit 1, the others 0. */
final class RecordingRunner implements CommandRunner {

  final List<Command> commands = new ArrayList<>();
  private final Predicate<Command> failing;

  RecordingRunner(Predicate<Command> failing) {
    this.failing = failing;
  }

  static RecordingRunner allSucceed() {
    return new RecordingRunner(c -> false);
  }

  @Override
  public CommandResult attempt(Command command) {
    commands.add(command);
    return new CommandResult(command, failing.test(command) ? 1 : 0, "", "");
  }
}
