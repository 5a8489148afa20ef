package io.commitbench.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** The storage agent reports progress to a PrintStream; commands write to picocli's PrintWriter. */
final class ProgressStreams {

  private ProgressStreams() {}

  /** A stream that writes through to {@code out}, flushed at every write so progress shows as it happens. */
  static PrintStream over(PrintWriter out) {
    return new PrintStream(new OutputStream() {
      @Override
      public void write(int b) {
        out.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        out.write(new String(b, off, len, StandardCharsets.UTF_8));
        out.flush();
      }
    }, true, StandardCharsets.UTF_8);
  }
}
