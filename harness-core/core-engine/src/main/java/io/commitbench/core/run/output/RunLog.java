package io.commitbench.core.run.output;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the run prints, sent to the console and appended to {@code report.txt} line by line, so
 * the report on disk holds exactly what was printed, up to the moment a run died.
 * Thread-safe: lines from the reporter thread and the main thread never interleave.
 */
public final class RunLog implements AutoCloseable {

  private final PrintWriter console;
  private BufferedWriter report;

  public RunLog(PrintWriter console) {
    this.console = console;
  }

  /** Starts copying to the report file (lines printed before are not copied). */
  public synchronized void copyTo(Path reportFile) throws IOException {
    report = Files.newBufferedWriter(reportFile, StandardCharsets.UTF_8);
  }

  /** Prints text (one or more lines; a final newline is added when missing). */
  public synchronized void print(String text) {
    String block = text.endsWith("\n") ? text : text + "\n";
    console.print(block);
    console.flush();
    if (report != null) {
      try {
        report.write(block);
        report.flush();
      } catch (IOException e) {
        console.println("warning: cannot write report.txt any more: " + e.getMessage());
        report = null;
      }
    }
  }

  @Override
  public synchronized void close() {
    if (report != null) {
      try {
        report.close();
      } catch (IOException e) {
        console.println("warning: cannot close report.txt: " + e.getMessage());
      }
      report = null;
    }
  }
}
