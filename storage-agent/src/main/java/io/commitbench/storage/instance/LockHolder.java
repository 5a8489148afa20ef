package io.commitbench.storage.instance;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Who holds an instance's relocation lock, as its lock file records it: the journal of the
 * relocation, and the process that took the lock (pid, the process's start time, its command),
 * since when, and the journal of a recovery that took the lock over. A lock file of an older agent
 * names the journal only; the rest is then empty.
 *
 * <pre>
 * /var/tmp/pg/journals/relocate-log-20261121-080102-000.journal
 * pid 4242
 * started 2026-11-21T08:01:00.120Z
 * since 2026-11-21T08:01:02.004Z
 * command /usr/lib/jvm/java-17-openjdk-amd64/bin/java
 * </pre>
 *
 * @param journal the journal of the relocation the lock is for
 * @param pid the process that holds it
 * @param started when that process started (to tell it from a later process with the same pid)
 * @param since when the lock was taken
 * @param command the process's program
 * @param recovery the journal of a recovery that took the lock over
 */
public record LockHolder(String journal, Optional<Long> pid, Optional<Instant> started, Optional<Instant> since,
    Optional<String> command, Optional<String> recovery) {

  /** A process's start time as two reads of it may differ by clock-tick rounding. */
  private static final Duration SAME_START = Duration.ofSeconds(1);

  /** This process, holding the lock for {@code journal} from now on. */
  static LockHolder current(Path journal, Optional<Path> recovery) {
    ProcessHandle self = ProcessHandle.current();
    return new LockHolder(journal.toAbsolutePath().toString(), Optional.of(self.pid()), self.info().startInstant(),
        Optional.of(Instant.now()), self.info().command(), recovery.map(r -> r.toAbsolutePath().toString()));
  }

  /** Reads a lock file's text; the first line is the journal, then {@code key value} lines. */
  static LockHolder parse(String text) {
    List<String> lines = text.lines().toList();
    String journal = lines.isEmpty() ? "" : lines.get(0).strip();
    Optional<Long> pid = Optional.empty();
    Optional<Instant> started = Optional.empty();
    Optional<Instant> since = Optional.empty();
    Optional<String> command = Optional.empty();
    Optional<String> recovery = Optional.empty();
    for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
      String[] kv = line.strip().split(" ", 2);
      String v = kv.length == 2 ? kv[1] : "";
      try {
        switch (kv[0]) {
          case "pid" -> pid = Optional.of(Long.parseLong(v));
          case "started" -> started = Optional.of(Instant.parse(v));
          case "since" -> since = Optional.of(Instant.parse(v));
          case "command" -> command = Optional.of(v);
          case "recovery" -> recovery = Optional.of(v);
          default -> { } // a later agent's key: what this one knows is enough
        }
      } catch (RuntimeException e) {
        // A damaged line says nothing; the journal on the first line is what matters.
      }
    }
    return new LockHolder(journal, pid, started, since, command, recovery);
  }

  /** The lock file's text. */
  String format() {
    StringBuilder b = new StringBuilder(journal).append('\n');
    pid.ifPresent(p -> b.append("pid ").append(p).append('\n'));
    started.ifPresent(s -> b.append("started ").append(s).append('\n'));
    since.ifPresent(s -> b.append("since ").append(s).append('\n'));
    command.ifPresent(c -> b.append("command ").append(c).append('\n'));
    recovery.ifPresent(r -> b.append("recovery ").append(r).append('\n'));
    return b.toString();
  }

  /** Whether the process that took the lock still runs; false when the lock does not say which it was. */
  public boolean alive() {
    Optional<ProcessHandle> process = pid.flatMap(ProcessHandle::of).filter(ProcessHandle::isAlive);
    if (process.isEmpty()) {
      return false;
    }
    Optional<Instant> now = process.get().info().startInstant();
    return started.isEmpty() || now.isEmpty()
        || Duration.between(started.get(), now.get()).abs().compareTo(SAME_START) <= 0;
  }

  /** Who and since when, e.g. {@code pid 4242 (no longer running) since 2026-…Z}. */
  public String describe() {
    String who = pid.map(p -> "pid " + p + (alive() ? " (running" + command.map(c -> ": " + c).orElse("") + ")"
        : " (no longer running)")).orElse("an agent that did not record its pid");
    return who + since.map(s -> " since " + s).orElse("") + recovery.map(r -> ", recovering with journal " + r)
        .orElse("");
  }
}
