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

  /** Releases a source's connection. */
  @FunctionalInterface
  public interface Closer {
    void close() throws SQLException;
  }

  private final String what;
  private final List<String> parts;
  private final Closer closer;
  private S before;
  private String beginFailure = "the window was never begun";

  /**
   * @param what what is read, for the failures' words ({@code V$SYSTEM_EVENT})
   * @param parts the parts this source is the source of
   * @param closer releases the source's connection when it closes
   */
  protected SnapshotSource(String what, List<String> parts, Closer closer) {
    this.what = what;
    this.parts = List.copyOf(parts);
    this.closer = closer;
  }

  /** The cost line of a source that ran {@code queries} queries. */
  protected static String queriesCost(int queries) {
    return queries + " queries on a connection of its own, at the window's begin and end";
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

  @Override
  public final void close() {
    try {
      closer.close();
    } catch (SQLException | RuntimeException e) {
      // Closing is best effort: the run's own connections are unaffected.
    }
  }
}
