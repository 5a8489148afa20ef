package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import java.util.ArrayList;
import java.util.List;

/**
 * A PostgreSQL server as its programs answer for it, without one: {@code pg_ctl status} says
 * whether it runs (0, or 3 for stopped), {@code start} and {@code stop} change that, and {@code
 * pg_controldata} reports a cluster in production. Records every command.
 */
final class FakeServer implements CommandRunner {

  final List<Command> commands = new ArrayList<>();
  private boolean running;

  FakeServer(boolean running) {
    this.running = running;
  }

  boolean running() {
    return running;
  }

  @Override
  public CommandResult attempt(Command command) {
    commands.add(command);
    List<String> argv = command.argv();
    String last = argv.get(argv.size() - 1);
    if (argv.get(0).endsWith("pg_ctl")) {
      if (last.equals("status")) {
        return new CommandResult(command, running ? 0 : 3, "", "");
      }
      running = last.equals("start");
    }
    String out = argv.get(0).endsWith("pg_controldata") ? "Database cluster state:               in production\n" : "";
    return new CommandResult(command, 0, out, "");
  }
}
