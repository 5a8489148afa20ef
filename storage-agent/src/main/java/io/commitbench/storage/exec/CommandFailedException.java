package io.commitbench.storage.exec;

import java.io.IOException;

/** A command that exited non-zero, could not start, or ran past its time limit. */
public final class CommandFailedException extends IOException {

  private static final long serialVersionUID = 1L;
  private static final int STDERR_TAIL = 2000;

  private final transient CommandResult result;

  public CommandFailedException(CommandResult result) {
    super("command failed with exit code " + result.exitCode() + ": " + result.command().display()
        + tail(result.stderr().isBlank() ? result.stdout() : result.stderr()));
    this.result = result;
  }

  public CommandFailedException(Command command, String reason, Throwable cause) {
    super(reason + ": " + command.display(), cause);
    this.result = new CommandResult(command, -1, "", reason);
  }

  /** The command's exit code and output; exit code -1 when it did not run to an end. */
  public CommandResult result() {
    return result;
  }

  private static String tail(String text) {
    String t = text.strip();
    if (t.isEmpty()) {
      return "";
    }
    return "\n  " + (t.length() > STDERR_TAIL ? "…" + t.substring(t.length() - STDERR_TAIL) : t)
        .replace("\n", "\n  ");
  }
}
