package io.commitbench.core.breakdown;

import java.sql.SQLException;
import java.util.List;

/**
 * A source that reads the server's cumulative figures as the window begins and as it ends and
 * answers their difference (performance_schema's summaries, Oracle's system events). A read that
 * fails makes every one of its parts unmeasured, with the server's message.
 *
 * @param <S> what one reading holds
 */
public abstract class SnapshotSource<S> implements CommitTimeSource {

  private final String what;
  private final List<String> parts;
  private S before;
  private String beginFailure = "the window was never begun";

  /**
   * @param what what is read, for the failures' words ({@code V$SYSTEM_EVENT})
   * @param parts the parts this source is the source of
   */
  protected SnapshotSource(String what, List<String> parts) {
    this.what = what;
    this.parts = List.copyOf(parts);
  }

  /** The figures now. */
  protected abstract S read() throws SQLException;

  /** What the window from {@code before} to {@code after} measured. */
  protected abstract SourceReading between(S before, S after);

  @Override
  public final void begin() {
    try {
      before = read();
      beginFailure = null;
    } catch (SQLException | RuntimeException e) {
      before = null;
      beginFailure = "reading " + what + " at the window's begin failed: " + e.getMessage();
    }
  }

  @Override
  public final SourceReading end() {
    if (before == null) {
      return SourceReading.unmeasured(parts, beginFailure);
    }
    S after;
    try {
      after = read();
    } catch (SQLException | RuntimeException e) {
      return SourceReading.unmeasured(parts, "reading " + what + " at the window's end failed: " + e.getMessage());
    }
    return between(before, after);
  }
}
