package io.commitbench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The folder a benchmark's harness legs write their run results into (a few MB a leg: summary,
 * intervals, histogram log, report). Named on the console when it is made, so a benchmark that
 * fails leaves its legs' results where they can be read; deleted when the benchmark ends normally,
 * unless asked to keep it: left behind, every benchmark run would add its legs to /tmp.
 */
public final class LegResults {

  private LegResults() {}

  /** The {@code keepResults} parameter's value, refused unless it is {@code true} or {@code false}. */
  public static boolean keep(String value) {
    if (!value.equals("true") && !value.equals("false")) {
      throw new IllegalArgumentException("keepResults=" + value + ": allowed: true, false");
    }
    return Boolean.parseBoolean(value);
  }

  /** A new folder in the temporary directory, whose name begins with {@code prefix}, named on the console. */
  public static Path create(String prefix) throws IOException {
    Path folder = Files.createTempDirectory(prefix);
    System.out.println("harness legs' results: " + folder);
    return folder;
  }

  /** Removes {@code folder} and everything in it, or says where it is kept. */
  public static void end(Path folder, boolean keep) throws IOException {
    if (keep) {
      System.out.println("harness legs' results kept in " + folder);
      return;
    }
    Folders.deleteRecursively(folder);
  }
}
