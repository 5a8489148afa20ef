package io.commitbench.core.breakdown;

/**
 * Measures some parts of the commits' time beside a run's actors: the server's wait events, the
 * kernel's view of the log's syncs, the round trip of a trivial statement. Its own cost must be
 * bounded (a sampling rate, a pace) and reported in {@link SourceReading#cost}.
 *
 * <p>The run calls {@link #begin} as its actors start and again as the warm-up ends (each call
 * starts the window anew), {@link #end} once after the actors, before their connections close,
 * then {@link #close}. {@link #begin} and {@link #end} may come from different threads, never at
 * once. A source that fails mid-run says so in its reading's unmeasured parts; it never fails the
 * run.
 */
public interface CommitTimeSource extends AutoCloseable {

  /** A short name for the report ({@code pg_wait_sampling}, {@code kernel}, {@code round-trip probe}). */
  String name();

  /** Starts (or starts again) the window; must return within a few milliseconds. */
  void begin() throws Exception;

  /** Ends the window and answers what it measured over it. */
  SourceReading end();

  /** Releases what it holds (a connection, a process); must not throw. */
  @Override
  default void close() {}

  /** A source that measures nothing, for {@code reason}, of {@code parts}. */
  static CommitTimeSource unavailable(String name, java.util.List<String> parts, String reason) {
    return new CommitTimeSource() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public void begin() {}

      @Override
      public SourceReading end() {
        return SourceReading.unmeasured(parts, reason);
      }
    };
  }
}
