package io.commitbench.it.vm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Reads the serial console of one boot into a {@link VmResult}, following the marker protocol that
 * {@code scripts/vm/guest-init.sh} prints (documented there; keep both in step). Lines of a command
 * are the ones between its {@code @@CB:BEGIN} and {@code @@CB:STATUS}; the echoed command
 * ({@code @@CB:CMD}) and the kernel log dumped after a failure ({@code @@CB:KMSG}) are not part of
 * its output.
 */
final class GuestConsole {

  private static final String MARK = "@@CB:";

  private final Map<String, Integer> statuses = new HashMap<>();
  private final Map<String, StringBuilder> outputs = new HashMap<>();
  private final List<String> failedModules = new ArrayList<>();
  private StringBuilder current;
  private Optional<Duration> ready = Optional.empty();
  private Optional<Duration> end = Optional.empty();
  private Optional<String> guestTimeout = Optional.empty();
  private int exitStatus = -1;

  private GuestConsole() {}

  /**
   * @param console the console text as qemu wrote it
   * @param scripts the scripts the boot was given, in order
   * @param wallTime host time of the boot
   * @param hostProblem what went wrong on the host side (qemu killed, failing), if anything
   */
  static VmResult read(String console, List<GuestScript> scripts, Duration wallTime, Optional<String> hostProblem) {
    String text = console.replace("\r", "");
    GuestConsole reading = new GuestConsole();
    text.lines().forEach(reading::line);
    return reading.result(text, scripts, wallTime, hostProblem);
  }

  private void line(String line) {
    // A kernel message may start in the middle of a line, so a marker is looked for anywhere.
    int at = line.indexOf(MARK);
    if (at < 0) {
      if (current != null) {
        current.append(line).append('\n');
      }
      return;
    }
    if (at > 0 && current != null) {
      current.append(line, 0, at).append('\n');
    }
    String[] words = line.substring(at + MARK.length()).strip().split(" +");
    try {
      marker(words);
    } catch (RuntimeException cutOff) {
      // The last line of a killed VM can be cut short; an unreadable marker is no marker.
    }
  }

  private void marker(String[] words) {
    switch (words[0]) {
      case "BEGIN" -> {
        current = new StringBuilder();
        outputs.put(key(words[1], words[2]), current);
      }
      case "STATUS" -> {
        statuses.put(key(words[1], words[2]), Integer.parseInt(words[3]));
        current = null;
      }
      case "READY" -> ready = Optional.of(seconds(words[2]));
      case "END" -> {
        current = null;
        end = Optional.of(seconds(words[2]));
        exitStatus = Integer.parseInt(words[1]);
      }
      case "MODULE-FAILED" -> failedModules.add(words[1]);
      case "GUEST-TIMEOUT" -> guestTimeout = Optional.of("the guest's own time limit of " + words[1] + " s ran out");
      default -> { } // CMD, KMSG, SCRIPT, BOOTED: for the human reader of the console
    }
  }

  private VmResult result(String text, List<GuestScript> scripts, Duration wallTime, Optional<String> hostProblem) {
    List<CommandOutcome> outcomes = new ArrayList<>();
    for (int s = 0; s < scripts.size(); s++) {
      GuestScript script = scripts.get(s);
      String dir = CommandArchive.directory(s, script);
      for (int c = 1; c <= script.commands().size(); c++) {
        String key = key(dir, CommandArchive.file(c));
        Integer status = statuses.get(key);
        StringBuilder output = outputs.get(key);
        outcomes.add(new CommandOutcome(script.name(), c, script.commands().get(c - 1),
            status == null ? OptionalInt.empty() : OptionalInt.of(status), output == null ? "" : output.toString()));
      }
    }
    List<String> problems = new ArrayList<>();
    hostProblem.or(() -> guestTimeout).ifPresent(problems::add);
    if (!failedModules.isEmpty()) {
      problems.add("modules that did not load: " + failedModules);
    }
    if (problems.isEmpty() && exitStatus < 0) {
      problems.add("the guest did not report an end (kernel panic?); see the console");
    }
    Optional<String> problem = problems.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", problems));
    return new VmResult(outcomes, exitStatus, problem, ready, end, wallTime, text);
  }

  private static String key(String script, String command) {
    return script + "/" + command;
  }

  private static Duration seconds(String uptime) {
    return Duration.ofMillis(Math.round(Double.parseDouble(uptime) * 1000));
  }
}
