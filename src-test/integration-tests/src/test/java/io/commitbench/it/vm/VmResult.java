package io.commitbench.it.vm;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What one boot of the {@link ThrowawayVm} left.
 *
 * @param commands every command of every script, in order, also those that did not run
 * @param exitStatus 0 when every command succeeded, else the first failing command's status; -1
 *     when the guest did not report an end (timeout, crash)
 * @param problem why the VM did not end the normal way (killed after the time limit, qemu failing,
 *     modules that did not load), empty when it did
 * @param readyAfter the guest's uptime when its modules were loaded and the first command started
 *     (the boot time), empty when it did not get there
 * @param guestUptimeAtEnd the guest's uptime when the last command had ended
 * @param wallTime host time from starting qemu to its exit
 * @param console the whole serial console, kernel messages and protocol markers included
 */
public record VmResult(List<CommandOutcome> commands, int exitStatus, Optional<String> problem,
    Optional<Duration> readyAfter, Optional<Duration> guestUptimeAtEnd, Duration wallTime, String console) {

  public VmResult {
    commands = List.copyOf(commands);
  }

  /** Every command ran and succeeded and the VM ended normally. */
  public boolean succeeded() {
    return exitStatus == 0 && problem.isEmpty() && commands.stream().allMatch(CommandOutcome::succeeded);
  }

  /** The commands of one script, in order. */
  public List<CommandOutcome> script(String name) {
    List<CommandOutcome> found = commands.stream().filter(c -> c.script().equals(name)).toList();
    if (found.isEmpty()) {
      throw new IllegalArgumentException("no script named " + name + " in this run; there are "
          + commands.stream().map(CommandOutcome::script).distinct().toList());
    }
    return found;
  }

  /** The first command of the script that starts with {@code prefix}, e.g. {@code "lvs "}. */
  public CommandOutcome command(String script, String prefix) {
    return script(script).stream().filter(c -> c.command().startsWith(prefix)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("script " + script + " has no command starting with '"
            + prefix + "'"));
  }

  /** One script's commands with their output and status, for an assertion message. */
  public String transcript(String script) {
    return "--- " + script + " ---\n" + script(script).stream().map(CommandOutcome::transcript).collect(Collectors.joining())
        + problem.map(p -> "VM: " + p + "\n").orElse("");
  }

  /** All scripts' transcripts. */
  public String transcript() {
    return commands.stream().map(CommandOutcome::script).distinct().map(this::transcript).collect(Collectors.joining());
  }
}
