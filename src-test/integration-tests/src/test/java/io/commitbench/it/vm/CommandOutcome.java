package io.commitbench.it.vm;

import java.util.List;
import java.util.OptionalInt;

/**
 * One command of a {@link GuestScript} as the VM ran it.
 *
 * @param script the script's name
 * @param number 1-based position in the script
 * @param command the shell command as given
 * @param status its exit status; empty when it did not run to an end (an earlier command of the
 *     script failed, or the VM stopped)
 * @param output what it printed, stdout and stderr interleaved as on the console (kernel messages
 *     printed meanwhile included)
 */
public record CommandOutcome(String script, int number, String command, OptionalInt status, String output) {

  public boolean succeeded() {
    return status.isPresent() && status.getAsInt() == 0;
  }

  /** Output lines, stripped of surrounding blanks, empty lines left out. */
  public List<String> outputLines() {
    return output.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
  }

  /** {@code $ command}, its output and {@code [exit N]}, as an operator would read it. */
  public String transcript() {
    StringBuilder b = new StringBuilder("$ ").append(command.replace("\n", "\n> ")).append('\n');
    b.append(output);
    if (!output.isEmpty() && !output.endsWith("\n")) {
      b.append('\n');
    }
    b.append(status.isPresent() ? "[exit " + status.getAsInt() + "]" : "[did not end]").append('\n');
    return b.toString();
  }
}
