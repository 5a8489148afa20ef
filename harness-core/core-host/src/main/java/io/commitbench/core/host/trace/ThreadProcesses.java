package io.commitbench.core.host.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The process a thread belongs to, named {@code comm/pid} as perf names threads, read once per
 * thread from {@code /proc/TID/status} and the process's {@code comm}. Used by the one thread that reads perf's output.
 */
final class ThreadProcesses {

  private static final int MAX_ENTRIES = 65_536;

  private final Map<Long, String> byThread = new HashMap<>();

  /** {@code mariadbd/3841} for any thread of that process; {@code ?/TID} once the thread is gone. */
  String of(long tid) {
    String known = byThread.get(tid);
    if (known != null) {
      return known;
    }
    if (byThread.size() >= MAX_ENTRIES) {
      byThread.clear();
    }
    String process = read(tid);
    byThread.put(tid, process);
    return process;
  }

  private static String read(long tid) {
    String name = "?";
    String tgid = Long.toString(tid);
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(tid), "status"))) {
        if (line.startsWith("Tgid:")) {
          tgid = line.substring(5).trim();
        }
      }
      name = Files.readString(Path.of("/proc", tgid, "comm")).trim();
    } catch (IOException | RuntimeException e) {
      // The thread has exited: it is named by its own id.
    }
    return name + "/" + tgid;
  }
}
