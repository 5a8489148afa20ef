package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import java.util.ArrayList;
import java.util.List;

/**
 * A server of the kind {@code fake} as its program answers for it, without one: {@code fakectl
 * status} exits 0 while it runs and 3 while stopped, {@code start} and {@code stop} change that;
 * every other command succeeds. Records every command.
 */
public final class FakeKindServer implements CommandRunner {

  final List<Command> commands = new ArrayList<>();
  private boolean running;

  public FakeKindServer(boolean running) {
    this.running = running;
  }

  boolean running() {
    return running;
  }

  /** The last word of every {@code fakectl} command, in order: {@code status}, {@code stop}, {@code start}. */
  List<String> ctlCommands() {
    return commands.stream().filter(c -> c.argv().get(0).endsWith("fakectl"))
        .map(c -> c.argv().get(c.argv().size() - 1)).toList();
  }

  @Override
  public CommandResult attempt(Command command) {
    commands.add(command);
    List<String> argv = command.argv();
    String last = argv.get(argv.size() - 1);
    if (argv.get(0).endsWith("fakectl")) {
      if (last.equals("status")) {
        return new CommandResult(command, running ? 0 : 3, "", "");
      }
      running = last.equals("start") || running && !last.equals("stop");
    }
    return new CommandResult(command, 0, "", "");
  }
}
