package io.commitbench.driver.postgresql;

import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.server.RowSource;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The run's sessions' commit waits from pg_stat_activity, sampled on the source's own connection
 * at the context's rate by a daemon thread, where pg_wait_sampling cannot be used: each sample
 * counts every run's session once, for the event it waits for, and stands for 1/rate s of that
 * session's time. A sample late behind the rate runs at once, so the samples keep to the rate on
 * average. Coarser than pg_wait_sampling (a wait shorter than the period is seen only by chance,
 * in proportion to its length) and it costs one query per sample, which the reading reports.
 */
final class PostgresqlActivitySource extends PostgresqlWaitSource {

  private final Instant runStartedAt;
  private final int sampleHz;
  private final String why;
  private final boolean background;
  private ActivityTally tally = new ActivityTally();
  private ScheduledExecutorService sampler;

  /**
   * @param why why pg_wait_sampling is not used, for the parts' source text
   * @param background whether a thread samples; without one the caller calls {@link #sampleOnce}
   */
  PostgresqlActivitySource(RowSource db, AutoCloseable connection, Instant runStartedAt, int sampleHz, String why,
      boolean background) {
    super(db, connection);
    if (sampleHz <= 0) {
      throw new IllegalArgumentException("the sampling rate must be at least 1 Hz, got " + sampleHz);
    }
    this.runStartedAt = runStartedAt;
    this.sampleHz = sampleHz;
    this.why = why;
    this.background = background;
  }

  @Override
  public String name() {
    return "pg_stat_activity sampling";
  }

  @Override
  protected void startWindow() {
    tally = new ActivityTally();
    if (background && sampler == null) {
      sampler = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "commitbench pg_stat_activity sampler");
        thread.setDaemon(true);
        return thread;
      });
      long periodMicros = Math.max(1, 1_000_000L / sampleHz);
      sampler.scheduleAtFixedRate(() -> {
        if (!sampleOnce()) {
          // Thrown out of the task, it cancels the schedule: the window is failed already.
          throw new IllegalStateException("pg_stat_activity sampling stopped");
        }
      }, periodMicros, periodMicros, TimeUnit.MICROSECONDS);
    }
  }

  /** Takes one sample; false when it failed, which marks the window failed. */
  boolean sampleOnce() {
    synchronized (lock) {
      try {
        long started = System.nanoTime();
        var rows = db.query(PostgresqlRunSessions.activitySql(runStartedAt));
        tally.add(rows, System.nanoTime() - started);
        return true;
      } catch (SQLException | RuntimeException e) {
        fail("sampling pg_stat_activity failed", e);
        return false;
      }
    }
  }

  @Override
  protected void stopSampling() {
    ScheduledExecutorService running;
    synchronized (lock) {
      running = sampler;
      sampler = null;
    }
    if (running != null) {
      running.shutdownNow();
      try {
        running.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  protected List<PartReading> endWindow(List<String> cost) {
    ActivityTally counted = tally;
    cost.add("pg_stat_activity sampled " + counted.samples() + " times at " + sampleHz + " Hz ("
        + counted.sessionSamples() + " session samples), mean sampling query "
        + String.format(Locale.ROOT, "%.3f", counted.meanQueryMillis()) + " ms");
    return WaitParts.of(counted.events(), 1000.0 / sampleHz, "pg_stat_activity",
        "sampled at " + sampleHz + " Hz (pg_wait_sampling is not loaded: " + why + ")");
  }

  /** What was counted so far. */
  ActivityTally tally() {
    synchronized (lock) {
      return tally;
    }
  }
}
