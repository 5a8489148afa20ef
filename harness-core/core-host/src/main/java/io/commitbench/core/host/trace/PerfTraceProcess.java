package io.commitbench.core.host.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A {@code perf trace} of the whole host, whose output a thread of its own hands, line by line, to
 * a consumer as it arrives. perf writes its calls and its own messages alike to stderr, unbuffered;
 * the lines the consumer does not take as calls are kept, the last few, to say why perf stopped.
 *
 * <p>perf never outlives this JVM: it runs {@code cat} on a pipe from this JVM as its workload, and
 * a {@code perf trace} with a workload stops when the workload does, which is as the pipe closes,
 * be it by {@link #stop}, by the JVM's exit, or by its death. A shutdown hook also ends it.
 */
final class PerfTraceProcess {

  private static final int TAIL_LINES = 20;
  /** The kernel's USER_HZ, in which {@code /proc/PID/stat} counts CPU time: 100 on every Linux port. */
  private static final long TICKS_PER_SECOND = 100;

  private final Process process;
  private final Thread reader;
  private final Thread shutdownHook;
  private final Deque<String> tail = new ArrayDeque<>();
  private volatile boolean outputEnded;

  private PerfTraceProcess(Process process, Predicate<String> consumer) {
    this.process = process;
    this.reader = new Thread(() -> read(consumer), "kernel-log-io perf reader");
    this.reader.setDaemon(true);
    this.shutdownHook = new Thread(this::kill, "kernel-log-io perf stop");
  }

  /**
   * Starts {@code perf trace -a -e SYSCALLS}; {@code consumer} gets every line of its output on the
   * reader thread and answers whether it was a call.
   */
  static PerfTraceProcess start(Path perf, List<String> syscalls, Predicate<String> consumer) throws IOException {
    List<String> command = new ArrayList<>(List.of(perf.toString(), "trace", "-a", "-e", String.join(",", syscalls),
        "--", "cat"));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    builder.environment().put("LC_ALL", "C");
    PerfTraceProcess perfTrace = new PerfTraceProcess(builder.start(), consumer);
    Runtime.getRuntime().addShutdownHook(perfTrace.shutdownHook);
    perfTrace.reader.start();
    return perfTrace;
  }

  private void read(Predicate<String> consumer) {
    try (BufferedReader lines = new BufferedReader(
        new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8), 1 << 16)) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (!consumer.test(line)) {
          keep(line);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      keep("reading perf's output failed: " + e.getMessage());
    } finally {
      outputEnded = true;
    }
  }

  private void keep(String line) {
    synchronized (tail) {
      if (tail.size() == TAIL_LINES) {
        tail.removeFirst();
      }
      tail.addLast(line);
    }
  }

  /** Whether perf still runs and its output still arrives. */
  boolean running() {
    return !outputEnded && process.isAlive();
  }

  /** perf's last lines that were not calls, and its exit status when it has ended, in one line. */
  String tail() {
    StringBuilder s = new StringBuilder();
    if (!process.isAlive()) {
      s.append("perf exited with status ").append(process.exitValue()).append(". ");
    }
    synchronized (tail) {
      s.append(tail.isEmpty() ? "It printed nothing but calls." : "Its last lines: " + String.join(" | ", tail));
    }
    return s.toString();
  }

  /** The CPU time perf has used so far (user and system, all its threads), empty once it has ended. */
  OptionalLong cpuMillis() {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
      // The command name may hold spaces and parentheses; the fields after its last ')' do not.
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
      long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
      return OptionalLong.of(ticks * 1000 / TICKS_PER_SECOND);
    } catch (IOException | RuntimeException e) {
      return OptionalLong.empty();
    }
  }

  /** The CPU time the reader thread has used so far, in milliseconds, when the JVM measures it. */
  OptionalLong readerCpuMillis() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    if (!threads.isThreadCpuTimeSupported()) {
      return OptionalLong.empty();
    }
    long nanos = threads.getThreadCpuTime(reader.getId());
    return nanos < 0 ? OptionalLong.empty() : OptionalLong.of(nanos / 1_000_000);
  }

  /** Ends perf and its workload and waits for the reader; never throws. */
  void stop() {
    kill();
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // The JVM is shutting down: the hook runs anyway, and kill() may run twice.
    }
    try {
      reader.join(TimeUnit.SECONDS.toMillis(2));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void kill() {
    List<ProcessHandle> workload = process.descendants().toList();
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // The pipe is gone already, which ends the workload just as well.
    }
    process.destroy();
    try {
      if (!process.waitFor(2, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(2, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    // Its workload ends as its pipe closes; one that did not (perf stopped before it) is ended here.
    workload.forEach(ProcessHandle::destroy);
  }
}
