package io.commitbench.cli;

import io.commitbench.core.io.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Where a command's rendered table goes: {@code -o FILE} (written atomically, then named), else standard output. */
final class RenderedOutput {

  private RenderedOutput() {}

  /** Writes {@code rendered} to {@code output}, or prints it when {@code output} is null. */
  static void deliver(String rendered, Path output, PrintWriter out) throws IOException {
    if (output != null) {
      AtomicFiles.write(output, rendered.getBytes(StandardCharsets.UTF_8));
      out.println("written " + output);
    } else {
      out.print(rendered);
    }
    out.flush();
  }
}
