package io.commitbench.storage.format;

import java.sql.Connection;

/**
 * The arm every other is compared with: the server reuses its log files as it always does, and
 * the formatter does nothing to them. Like the other arms it trims the log's filesystem before
 * the run ({@link LogFilesystemTrim}, the same code path, recorded as an action), so that the
 * comparison differs only in what the arm does to the files, not in the state of the flash.
 */
public final class BaselineFormatter implements LogFormatter {

  public static final String ARM = "baseline";

  private final FormatterTally tally = new FormatterTally(ARM);
  private final FormatterContext context;
  private final LogExposure exposure;

  /**
   * @param context the connections and the runner of fstrim
   * @param exposure the kind's log exposure, which names the log's directory; null when the kind
   *     has none (then there is no fstrim, and the note says why)
   */
  public BaselineFormatter(FormatterContext context, LogExposure exposure) {
    this.context = context;
    this.exposure = exposure;
  }

  @Override
  public String arm() {
    return ARM;
  }

  @Override
  public void prepare() throws Exception {
    tally.note("baseline: the server reuses its log files unchanged; nothing is done to them");
    if (exposure == null) {
      tally.note("fstrim skipped: the storage agent knows no log directory of this kind of server");
      return;
    }
    java.nio.file.Path directory;
    try (Connection c = context.connections().open()) {
      directory = exposure.logDirectory(c);
    }
    new LogFilesystemTrim(context.runner(), context.fstrim()).trim(directory, tally);
  }

  @Override
  public void poll() {}

  @Override
  public void finish() {}

  @Override
  public FormatterTally tally() {
    return tally;
  }
}
