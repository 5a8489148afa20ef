package io.commitbench.core.host.trace;

import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.LogFiles;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.breakdown.UnmeasuredPart;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The running {@link KernelLogIo} source: a {@code perf trace} of the host's syncs and writes,
 * kept for the server's log and data files.
 *
 * <p>perf's output arrives late, by up to its poll period. So that the window is the calls made
 * between {@link #begin} and {@link #end}, not those that arrived between them, each of the two
 * marks the stream: it calls {@code fdatasync} on a marker file of its own (on tmpfs, where the
 * call does no I/O), and the window starts or ends where the reader meets that call. Before the
 * source is handed out, an {@code fsync} on the same file proves that perf sees the calls.
 */
final class KernelLogIoSource implements CommitTimeSource {

  static final String NAME = "kernel";
  static final String UNMEASURED = KernelLogIo.UNMEASURED;

  private static final List<String> SYSCALLS = List.of("fdatasync", "fsync", "pwrite64", "pwritev", "pwritev2",
      LogIoWindow.IO_URING_ENTER);
  /** How long a (thread, fd)'s path is trusted before it is read again. */
  private static final long FD_PATH_MAX_AGE_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
  private static final long READY_TIMEOUT_MILLIS = 20_000;
  private static final long END_TIMEOUT_MILLIS = 5_000;
  private static final Pattern LOST = Pattern.compile("LOST (\\d+) events");

  private final PerfTraceLineParser parser = new PerfTraceLineParser();
  private final UnfinishedCalls unfinished = new UnfinishedCalls();
  private final ThreadProcesses processes = new ThreadProcesses();
  private final FdPaths fdPaths;
  private final Path markerFile;
  private final FileChannel marker;
  private final CountDownLatch ready = new CountDownLatch(1);
  private PerfTraceProcess perf;

  // Guarded by this: the window, shared by the reader thread and the run's calls.
  private final Queue<Runnable> atMarks = new ArrayDeque<>();
  private final LogIoWindow window = new LogIoWindow();
  private final Set<String> serverProcesses = new HashSet<>();
  private boolean recording;
  private long traced;
  private long kept;
  private long otherFiles;
  private long unresolved;
  private long failedCalls;
  private long impossible;
  private long lost;
  private long fdReadsAtBegin;
  private long beganAtNanos;
  private OptionalLong perfCpuAtBegin = OptionalLong.empty();
  private OptionalLong readerCpuAtBegin = OptionalLong.empty();

  /** When perf was started: no call it reports can have lasted longer than since then. */
  private final long tracingSinceNanos = System.nanoTime();

  private KernelLogIoSource(LogFiles files, Path markerFile, FileChannel marker) {
    this.markerFile = markerFile;
    this.marker = marker;
    this.fdPaths = FdPaths.ofProc(files::classOf, FD_PATH_MAX_AGE_NANOS);
    this.beganAtNanos = System.nanoTime();
  }

  /**
   * Starts perf and waits until it sees this source's own calls; unavailable, with perf's words,
   * when it does not.
   */
  static CommitTimeSource start(Path perfExecutable, LogFiles files) {
    Path markerFile;
    FileChannel marker;
    try {
      Path dir = Files.isDirectory(Path.of("/dev/shm")) && Files.isWritable(Path.of("/dev/shm"))
          ? Path.of("/dev/shm") : Path.of(System.getProperty("java.io.tmpdir"));
      markerFile = Files.createTempFile(dir, "commitbench-kernel-log-io-", ".mark").toRealPath();
      marker = FileChannel.open(markerFile, StandardOpenOption.WRITE);
    } catch (IOException e) {
      return KernelLogIo.unavailable("the marker file that bounds the window could not be made (" + e.getMessage()
          + "): make /dev/shm or java.io.tmpdir writable");
    }
    KernelLogIoSource source = new KernelLogIoSource(files, markerFile, marker);
    try {
      source.perf = PerfTraceProcess.start(perfExecutable, SYSCALLS, source::onLine);
      Optional<String> notReady = source.awaitReady();
      if (notReady.isPresent()) {
        source.close();
        return KernelLogIo.unavailable(notReady.get());
      }
      return source;
    } catch (IOException e) {
      source.close();
      return KernelLogIo.unavailable("perf could not be started (" + e.getMessage() + "): check that "
          + perfExecutable + " runs (Debian: apt-get install linux-perf)");
    }
  }

  private Optional<String> awaitReady() throws IOException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MILLIS);
    while (System.nanoTime() < deadline) {
      marker.force(true);
      try {
        if (ready.await(100, TimeUnit.MILLISECONDS)) {
          return Optional.empty();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Optional.of("interrupted while waiting for perf trace to start");
      }
      if (!perf.running()) {
        return Optional.of("perf trace stopped as it started. " + perf.tail()
            + " Check that 'perf trace -a -e fdatasync -- sleep 1' runs as this user");
      }
    }
    return Optional.of("perf trace ran but did not show this harness's own fsync within " + READY_TIMEOUT_MILLIS / 1000
        + " s. " + perf.tail() + " Check that 'perf trace -a -e fsync -- sleep 1' shows calls");
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void begin() throws IOException {
    synchronized (this) {
      beganAtNanos = System.nanoTime();
      perfCpuAtBegin = perf.cpuMillis();
      readerCpuAtBegin = perf.readerCpuMillis();
      atMarks.add(this::startWindow);
    }
    marker.force(false);
  }

  @Override
  public SourceReading end() {
    CountDownLatch ended = new CountDownLatch(1);
    boolean endSeen;
    synchronized (this) {
      atMarks.add(() -> {
        recording = false;
        ended.countDown();
      });
    }
    try {
      marker.force(false);
      endSeen = ended.await(END_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
    } catch (IOException e) {
      endSeen = false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      endSeen = false;
    }
    synchronized (this) {
      if (!endSeen) {
        // The marks not met yet are applied now, in order, so that the next window starts clean.
        while (!atMarks.isEmpty()) {
          atMarks.poll().run();
        }
      }
      return reading(endSeen);
    }
  }

  private SourceReading reading(boolean endSeen) {
    List<String> cost = cost(endSeen);
    if (!perf.running()) {
      return new SourceReading(List.of(), List.of(new UnmeasuredPart(UNMEASURED,
          "perf trace stopped during the run, so the window's log I/O is incomplete. " + perf.tail()
              + " Run 'perf trace -a -e fdatasync -- sleep 10' beside a run to see why")), List.of(), cost);
    }
    return new SourceReading(window.parts(), List.of(), window.views(serverProcesses), cost);
  }

  private List<String> cost(boolean endSeen) {
    List<String> cost = new ArrayList<>();
    cost.add("perf trace -a -e " + String.join(",", SYSCALLS) + ": " + traced + " calls traced, " + kept
        + " kept (the server's log and data files), " + otherFiles + " on other files dropped, " + unresolved
        + " on fds closed before they could be read, " + failedCalls + " failed calls dropped"
        + (impossible > 0 ? ", " + impossible + " with a duration longer than the trace (perf's clock) dropped" : "")
        + (lost > 0 ? ", " + lost + " events lost by perf" : ""));
    double seconds = (System.nanoTime() - beganAtNanos) / 1e9;
    OptionalLong perfNow = perf.cpuMillis();
    if (perfNow.isPresent() && perfCpuAtBegin.isPresent()) {
      long millis = perfNow.getAsLong() - perfCpuAtBegin.getAsLong();
      cost.add(String.format(java.util.Locale.ROOT, "perf process: %d ms CPU over the %.1f s window (%.1f%% of one"
          + " core)", millis, seconds, seconds > 0 ? millis / seconds / 10 : 0.0));
    }
    OptionalLong readerNow = perf.readerCpuMillis();
    if (readerNow.isPresent() && readerCpuAtBegin.isPresent()) {
      cost.add("reading perf's output in the harness: " + (readerNow.getAsLong() - readerCpuAtBegin.getAsLong())
          + " ms CPU, " + (fdPaths.reads() - fdReadsAtBegin) + " fd links read");
    }
    if (!endSeen) {
      cost.add("perf's output lagged more than " + END_TIMEOUT_MILLIS / 1000 + " s behind the end of the window:"
          + " the calls of its last seconds are missing");
    }
    return cost;
  }

  private void startWindow() {
    window.reset();
    serverProcesses.clear();
    traced = 0;
    kept = 0;
    otherFiles = 0;
    unresolved = 0;
    failedCalls = 0;
    impossible = 0;
    lost = 0;
    fdReadsAtBegin = fdPaths.reads();
    recording = true;
  }

  /** One line of perf's output, on the reader thread; false when it is not a call. */
  private boolean onLine(String line) {
    Optional<TraceLine> call = parser.parse(line);
    if (call.isEmpty()) {
      Matcher lostEvents = LOST.matcher(line);
      if (lostEvents.find()) {
        synchronized (this) {
          lost += Long.parseLong(lostEvents.group(1));
        }
      }
      return false;
    }
    unfinished.accept(call.get()).ifPresent(this::onCall);
    return true;
  }

  private void onCall(SyscallEvent call) {
    if (call.operation().equals(LogIoWindow.IO_URING_ENTER)) {
      onIoUring(call);
      return;
    }
    FdPaths.Resolved file = fdPaths.of(call.tid(), call.fd());
    if (file.path().isPresent() && file.path().get().equals(markerFile)) {
      onMarker(call);
      return;
    }
    String process = file.fileClass() != null && !call.failed() ? processes.of(call.tid()) : null;
    synchronized (this) {
      if (!recording) {
        return;
      }
      traced++;
      if (call.failed()) {
        failedCalls++;
      } else if (call.durationMicros() * 1_000 > System.nanoTime() - tracingSinceNanos) {
        // perf computes a duration from two CPUs' clocks; one that went back prints as a huge number.
        impossible++;
      } else if (file.path().isEmpty()) {
        unresolved++;
      } else if (file.fileClass() == null) {
        otherFiles++;
      } else {
        kept++;
        window.record(call.operation(), file.fileClass(), call.durationMicros(), file.writesThrough());
        serverProcesses.add(process);
      }
    }
  }

  private void onIoUring(SyscallEvent call) {
    String process = processes.of(call.tid());
    synchronized (this) {
      if (recording) {
        traced++;
        window.recordIoUring(process, call.durationMicros());
      }
    }
  }

  private void onMarker(SyscallEvent call) {
    if (call.operation().equals("fsync")) {
      ready.countDown();
    } else if (call.operation().equals("fdatasync")) {
      synchronized (this) {
        Runnable action = atMarks.poll();
        if (action != null) {
          action.run();
        }
      }
    }
  }

  @Override
  public void close() {
    if (perf != null) {
      perf.stop();
    }
    try {
      marker.close();
      Files.deleteIfExists(markerFile);
    } catch (IOException e) {
      // A marker left in /dev/shm is an empty file; nothing depends on it.
    }
  }
}
