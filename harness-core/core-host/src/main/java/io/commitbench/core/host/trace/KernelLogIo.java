package io.commitbench.core.host.trace;

import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.LogFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The kernel's view of a server's log I/O: every {@code fdatasync}, {@code fsync} and
 * {@code pwrite*} on the host, as {@code perf trace} sees it, kept when the file it was called on
 * is one of the server's log or data files ({@link LogFiles}), with {@code io_uring_enter} counted
 * per process of the server. It gives the log's syncs and writes as per-event commit parts.
 *
 * <pre>
 * try (CommitTimeSource kernel = KernelLogIo.open(files, host.thisHost(), host.explanation())) { ... }
 * </pre>
 */
public final class KernelLogIo {

  /** The name of the unmeasured entry when the source cannot run or stops. */
  public static final String UNMEASURED = "kernel_log_io";

  private static final List<Path> TRACEPOINT_DIRS = List.of(Path.of("/sys/kernel/tracing/events/syscalls"),
      Path.of("/sys/kernel/debug/tracing/events/syscalls"));

  private KernelLogIo() {}

  /**
   * A source for one run, already tracing (and its window started by its first {@code begin}), or
   * one that says why it measures nothing: the server is on another host, where its files are is
   * not known, this JVM is not root, perf is not installed, or the syscall tracepoints cannot be
   * read. May take a few seconds while perf starts; never throws.
   *
   * @param files the server's log and data files on this host
   * @param serverOnThisHost whether the server runs on this host
   * @param whereExplanation why the server is or is not on this host, one clause
   */
  public static CommitTimeSource open(LogFiles files, boolean serverOnThisHost, String whereExplanation) {
    Optional<String> missing = missingRequirement(files, serverOnThisHost, whereExplanation);
    if (missing.isPresent()) {
      return unavailable(missing.get());
    }
    return KernelLogIoSource.start(perfExecutable().orElseThrow(), files);
  }

  /** Why the source cannot run here, or empty when it can. */
  static Optional<String> missingRequirement(LogFiles files, boolean serverOnThisHost, String whereExplanation) {
    if (!serverOnThisHost) {
      return Optional.of("the server is not on this host (" + whereExplanation + "), and the kernel traced is this"
          + " host's: run the harness on the database server's host to see its log I/O");
    }
    if (!files.known()) {
      return Optional.of("where the server's log and data files are is not known, so its syncs cannot be told from"
          + " other files': the server must report its log or data directory (a readable setting such as"
          + " data_directory or the log's location)");
    }
    if (!isRoot()) {
      return Optional.of("tracing system calls with perf needs root: run the harness as root (or under sudo)");
    }
    if (perfExecutable().isEmpty()) {
      return Optional.of("perf is not installed (no executable perf on PATH or in /usr/bin): install it"
          + " (Debian: apt-get install linux-perf; Ubuntu: linux-tools-$(uname -r); Fedora: dnf install perf)");
    }
    if (TRACEPOINT_DIRS.stream().noneMatch(d -> Files.isReadable(d.resolve("sys_exit_fdatasync")))) {
      return Optional.of("the syscall tracepoints are not readable (neither " + TRACEPOINT_DIRS.get(0) + " nor "
          + TRACEPOINT_DIRS.get(1) + "): mount tracefs ('mount -t tracefs nodev /sys/kernel/tracing') on a kernel"
          + " built with CONFIG_FTRACE_SYSCALLS");
    }
    return Optional.empty();
  }

  static CommitTimeSource unavailable(String reason) {
    return CommitTimeSource.unavailable(KernelLogIoSource.NAME, List.of(UNMEASURED), reason);
  }

  /** Whether this process's effective user is root, from {@code /proc/self/status}. */
  private static boolean isRoot() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Uid:")) {
          String[] ids = line.substring(4).trim().split("\\s+");
          return ids.length > 1 && ids[1].equals("0");
        }
      }
    } catch (IOException e) {
      // No /proc: not Linux, so no perf either.
    }
    return false;
  }

  private static Optional<Path> perfExecutable() {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String dir : (path + File.pathSeparator + "/usr/bin" + File.pathSeparator + "/usr/sbin")
        .split(File.pathSeparator)) {
      if (!dir.isEmpty()) {
        Path perf = Path.of(dir, "perf");
        if (Files.isRegularFile(perf) && Files.isExecutable(perf)) {
          return Optional.of(perf);
        }
      }
    }
    return Optional.empty();
  }
}
