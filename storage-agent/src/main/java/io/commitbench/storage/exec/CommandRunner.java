package io.commitbench.storage.exec;

/**
 * Runs external commands. The one implementation that touches the host is {@link
 * ProcessCommandRunner}; tests of a plan record the commands instead.
 */
public interface CommandRunner {

  /**
   * Runs a command to its end.
   *
   * @return the result of a command that exited 0
   * @throws CommandFailedException when it exits non-zero, cannot start or times out
   */
  default CommandResult run(Command command) throws CommandFailedException {
    CommandResult result = attempt(command);
    if (!result.succeeded()) {
      throw new CommandFailedException(result);
    }
    return result;
  }

  /** Runs a command and returns its result whatever its exit code; fails only when it cannot run. */
  CommandResult attempt(Command command) throws CommandFailedException;
}
