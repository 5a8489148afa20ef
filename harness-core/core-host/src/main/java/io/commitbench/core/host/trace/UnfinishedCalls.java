package io.commitbench.core.host.trace;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Joins the calls perf prints in two lines: the start names the fd, the {@code [continued]} end
 * the duration and the result. A thread is in one call at a time, so the start is kept per
 * thread. An end whose start came before the trace began is dropped, as is a line without a
 * duration.
 */
final class UnfinishedCalls {

  /** Threads that never finish a call (they exited) must not grow the map without end. */
  private static final int MAX_PENDING = 65_536;

  private final Map<Long, TraceLine> pending = new HashMap<>();

  /** The finished call {@code line} completes, if any. */
  Optional<SyscallEvent> accept(TraceLine line) {
    switch (line.shape()) {
      case UNFINISHED:
        if (pending.size() >= MAX_PENDING) {
          pending.clear();
        }
        pending.put(line.tid(), line);
        return Optional.empty();
      case CONTINUED:
        TraceLine start = pending.remove(line.tid());
        if (start == null || !start.operation().equals(line.operation())) {
          return Optional.empty();
        }
        return event(line.operation(), line.tid(), start.fd(), line.durationMicros(), line.failed());
      default:
        return event(line.operation(), line.tid(), line.fd(), line.durationMicros(), line.failed());
    }
  }

  private static Optional<SyscallEvent> event(String operation, long tid, int fd, long durationMicros, boolean failed) {
    if (fd < 0 || durationMicros < 0) {
      return Optional.empty();
    }
    return Optional.of(new SyscallEvent(operation, tid, fd, durationMicros, failed));
  }
}
