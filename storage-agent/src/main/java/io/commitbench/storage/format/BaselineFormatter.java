package io.commitbench.storage.format;

/**
 * The arm every other is compared with: the server reuses its log files as it always does, and
 * the formatter does nothing at all.
 */
public final class BaselineFormatter implements LogFormatter {

  public static final String ARM = "baseline";

  private final FormatterTally tally = new FormatterTally(ARM);

  @Override
  public String arm() {
    return ARM;
  }

  @Override
  public void prepare() {
    tally.note("baseline: the server reuses its log files unchanged; nothing is done to them");
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
