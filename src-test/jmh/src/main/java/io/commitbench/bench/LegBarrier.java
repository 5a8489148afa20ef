package io.commitbench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Lets processes measured side by side start each leg together. Without it, the two sides of
 * {@code scripts/bench/overhead-paired.sh} drift apart: a harness leg is followed by its report
 * and a wait for the JIT to go idle, which a plain leg is not, so after a few legs the harness
 * would measure beside the plain side's pauses, and its CPU per statement would seem to grow
 * round by round.
 *
 * <p>Each party drops a file named after the leg into a shared folder and waits until {@code
 * parties} such files are there. A folder, not a socket: the parties are separate JVMs started by a
 * script, and a folder needs no port and leaves a trace of how far each side got.
 */
final class LegBarrier {

  private static final long TIMEOUT_NANOS = 600_000_000_000L;

  private final Path folder;
  private final String party;
  private final int parties;

  /** None: each leg starts when the previous one is done. */
  static LegBarrier none() {
    return new LegBarrier(null, "", 1);
  }

  /**
   * @param folder shared by the parties, created if missing; it must not hold an earlier run's files
   * @param party this process's name, unique among the parties
   */
  LegBarrier(Path folder, String party, int parties) {
    this.folder = folder;
    this.party = party;
    this.parties = parties;
  }

  /** Waits until every party reached this leg; fails after 10 minutes, naming the leg. */
  void await(String leg) throws IOException, InterruptedException {
    if (folder == null) {
      return;
    }
    Files.createDirectories(folder);
    Files.writeString(folder.resolve(leg + "." + party), "");
    long deadline = System.nanoTime() + TIMEOUT_NANOS;
    while (arrived(leg) < parties) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("leg " + leg + ": the other side did not arrive within 10 minutes (" + folder
            + " holds how far each side got)");
      }
      Thread.sleep(5);
    }
  }

  private long arrived(String leg) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(f -> f.getFileName().toString().startsWith(leg + ".")).count();
    }
  }
}
