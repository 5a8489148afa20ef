package io.commitbench.core.host.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The file behind a thread's file descriptor, read from {@code /proc/TID/fd/FD}, and its class in
 * the server's files. perf names no path, and a readlink per event would cost more than the event,
 * so each (thread, fd) is resolved once and again when its answer is older than {@code maxAge}: a
 * server reuses fd numbers (PostgreSQL closes one WAL segment and opens the next, which mostly gets
 * the same number), and an answer that old may name a file since closed. Threads share their
 * process's table, so any thread's id reads it.
 *
 * <p>Used by the one thread that reads perf's output.
 */
final class FdPaths {

  /**
   * What a (thread, fd) stood for when it was last read.
   *
   * @param writesThrough whether the fd was opened with O_DIRECT, O_DSYNC or O_SYNC, so that a
   *     write on it waits for the device rather than for the page cache
   */
  record Resolved(Optional<Path> path, String fileClass, boolean writesThrough) {}

  /** Reads the file a thread's fd is open on; empty when the fd or the thread is gone. */
  @FunctionalInterface
  interface Resolver {
    Optional<Path> resolve(long tid, int fd);
  }

  /** Reads whether a thread's fd writes through to the device; false when it cannot tell. */
  @FunctionalInterface
  interface FlagsReader {
    boolean writesThrough(long tid, int fd);
  }

  /** Classifies a path ({@code log}, {@code data}, or null for neither). */
  @FunctionalInterface
  interface Classifier {
    String classOf(Path path);
  }

  /** Exited threads leave their entries behind; past this many the table starts again. */
  private static final int MAX_ENTRIES = 65_536;

  private record Entry(Resolved resolved, long readAtNanos) {}

  /** O_DIRECT, O_DSYNC (which O_SYNC includes) as /proc's fdinfo prints them, in octal, on Linux x86-64. */
  private static final int O_DIRECT = 040000;
  private static final int O_DSYNC = 010000;

  private final Resolver resolver;
  private final FlagsReader flags;
  private final Classifier classifier;
  private final LongSupplier nanoClock;
  private final long maxAgeNanos;
  private final Map<Long, Entry> entries = new HashMap<>();
  private long reads;

  FdPaths(Resolver resolver, Classifier classifier, LongSupplier nanoClock, long maxAgeNanos) {
    this(resolver, (tid, fd) -> false, classifier, nanoClock, maxAgeNanos);
  }

  FdPaths(Resolver resolver, FlagsReader flags, Classifier classifier, LongSupplier nanoClock, long maxAgeNanos) {
    this.resolver = resolver;
    this.flags = flags;
    this.classifier = classifier;
    this.nanoClock = nanoClock;
    this.maxAgeNanos = maxAgeNanos;
  }

  /** Resolves through {@code /proc} of this host. */
  static FdPaths ofProc(Classifier classifier, long maxAgeNanos) {
    return new FdPaths(FdPaths::readProc, FdPaths::readFlags, classifier, System::nanoTime, maxAgeNanos);
  }

  /** What {@code fd} of thread {@code tid} is open on now, or was within {@code maxAge}. */
  Resolved of(long tid, int fd) {
    long key = (tid << 32) | (fd & 0xffffffffL);
    long now = nanoClock.getAsLong();
    Entry entry = entries.get(key);
    if (entry != null && now - entry.readAtNanos() <= maxAgeNanos) {
      return entry.resolved();
    }
    if (entries.size() >= MAX_ENTRIES) {
      entries.clear();
    }
    reads++;
    Optional<Path> path = resolver.resolve(tid, fd);
    String fileClass = path.map(classifier::classOf).orElse(null);
    Resolved resolved = new Resolved(path, fileClass, fileClass != null && flags.writesThrough(tid, fd));
    entries.put(key, new Entry(resolved, now));
    return resolved;
  }

  /** How many times a link was read, for the source's cost. */
  long reads() {
    return reads;
  }

  /** The "flags:" line of {@code /proc/TID/fdinfo/FD}. */
  static boolean readFlags(long tid, int fd) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(tid), "fdinfo", Integer.toString(fd)))) {
        if (line.startsWith("flags:")) {
          int value = Integer.parseInt(line.substring("flags:".length()).strip(), 8);
          return (value & (O_DIRECT | O_DSYNC)) != 0;
        }
      }
    } catch (IOException | NumberFormatException e) {
      // The fd or the thread is gone: nothing to say of its writes.
    }
    return false;
  }

  static Optional<Path> readProc(long tid, int fd) {
    try {
      Path target = Files.readSymbolicLink(Path.of("/proc", Long.toString(tid), "fd", Integer.toString(fd)));
      // Sockets, pipes and anonymous files read as "socket:[123]", not as absolute paths.
      return target.isAbsolute() ? Optional.of(target) : Optional.empty();
    } catch (IOException | UnsupportedOperationException e) {
      return Optional.empty();
    }
  }
}
