package io.commitbench.storage.exec;

/**
 * What a finished command left: its exit code and its output.
 *
 * @param command the command that ran
 * @param exitCode the process's exit code
 * @param stdout standard output, whole
 * @param stderr standard error, whole
 */
public record CommandResult(Command command, int exitCode, String stdout, String stderr) {

  public boolean succeeded() {
    return exitCode == 0;
  }
}
