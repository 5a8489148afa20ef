package io.commitbench.core.run.breakdown;

import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.breakdown.UnmeasuredPart;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The floor under every statement's latency: a trivial statement ({@link
 * io.commitbench.core.dialect.Dialect#trivialQuery}) on an idle connection of its own, paced like
 * one of the run's actors, timed from send to the last row, inside one read-only transaction that
 * it never commits, so that the server counts no commit of its own for it. What it takes is the
 * network, the driver and the server's statement overhead that a commit pays too, measured beside
 * the run rather than assumed.
 */
final class RoundTripProbe implements CommitTimeSource {

  static final String NAME = "round-trip probe";
  private static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(60);

  private final Connection connection;
  private final String sql;
  private final double perSecond;
  private final Recorder recorder = new Recorder(MAX_NANOS, 3);
  private volatile boolean running;
  private volatile String failure;
  private Thread thread;

  /**
   * @param connection its own, in a transaction that is never committed; closed by {@link #close}
   * @param perSecond statements per second, evenly spaced
   */
  RoundTripProbe(Connection connection, String sql, double perSecond) {
    this.connection = connection;
    this.sql = sql;
    this.perSecond = perSecond;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public synchronized void begin() {
    recorder.reset();
    if (thread == null) {
      running = true;
      thread = new Thread(this::probe, "commitbench-round-trip-probe");
      thread.setDaemon(true);
      thread.start();
    }
  }

  private void probe() {
    long gap = (long) (1e9 / perSecond);
    long next = System.nanoTime();
    try (Statement statement = connection.createStatement()) {
      while (running) {
        long began = System.nanoTime();
        try (ResultSet rows = statement.executeQuery(sql)) {
          while (rows.next()) {
            // read to the last row: the round trip ends with the reply
          }
        }
        recorder.recordValue(Math.min(System.nanoTime() - began, MAX_NANOS));
        next = Math.max(next + gap, System.nanoTime());
        LockSupport.parkNanos(next - System.nanoTime());
      }
    } catch (SQLException | RuntimeException e) {
      failure = e.getMessage();
    }
  }

  @Override
  public synchronized SourceReading end() {
    running = false;
    if (thread != null) {
      try {
        thread.join(2_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    Histogram h = recorder.getIntervalHistogram();
    String pace = String.format(Locale.ROOT, "%s on an idle connection of its own, %.1f/s", sql, perSecond);
    if (h.getTotalCount() == 0) {
      String why = failure != null ? "the probe's statement failed: " + failure : "the probe ran no statement";
      return new SourceReading(List.of(), List.of(new UnmeasuredPart(CommitParts.ROUND_TRIP, why)), List.of(),
          List.of());
    }
    PartReading part = PartReading.perEvent(CommitParts.ROUND_TRIP, h.getMean() / 1e6,
        h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6, h.getTotalCount(),
        NAME + ": " + pace + ", " + h.getTotalCount() + " statements");
    String cost = String.format(Locale.ROOT, "%s: %d statements (%s)%s", NAME, h.getTotalCount(), pace,
        failure != null ? "; stopped early: " + failure : "");
    return new SourceReading(List.of(part), List.of(), List.of(), List.of(cost));
  }

  @Override
  public void close() {
    running = false;
    try {
      connection.rollback();
      connection.close();
    } catch (SQLException e) {
      // The probe's own connection; nothing of the run's depends on it.
    }
  }
}
