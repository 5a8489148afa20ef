package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Records the commands a plan runs; the ones matching {@code failing} exit 1, the others 0. */
public final class RecordingRunner implements CommandRunner {

  public final List<Command> commands = new ArrayList<>();
  private final Predicate<Command> failing;

  public RecordingRunner(Predicate<Command> failing) {
    this.failing = failing;
  }

  public static RecordingRunner allSucceed() {
    return new RecordingRunner(c -> false);
  }

  @Override
  public CommandResult attempt(Command command) {
    commands.add(command);
    return new CommandResult(command, failing.test(command) ? 1 : 0, "", "");
  }
}
