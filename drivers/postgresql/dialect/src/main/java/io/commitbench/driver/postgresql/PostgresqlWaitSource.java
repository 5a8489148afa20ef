package io.commitbench.driver.postgresql;

import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.breakdown.UnmeasuredPart;
import io.commitbench.core.server.RowSource;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * What PostgreSQL's two commit-wait sources share: their own connection, used by one thread at a
 * time; the WAL's writes and syncs over the window ({@link PostgresqlWalIoWindow}); and a failure
 * that turns the reading into unmeasured parts rather than an error.
 */
abstract class PostgresqlWaitSource implements CommitTimeSource {

  /** Guards {@link #db}: begin, end and a sampler thread take turns on the one connection. */
  protected final Object lock = new Object();
  protected final RowSource db;
  private final AutoCloseable connection;
  private PostgresqlWalIoWindow.WalIo walBegin;
  private String walMissing;
  private String failure;
  private int walReads;

  PostgresqlWaitSource(RowSource db, AutoCloseable connection) {
    this.db = db;
    this.connection = connection;
  }

  /** Reads what the window starts from. */
  protected abstract void startWindow() throws SQLException;

  /** Reads what the window ends with: the parts, and what the source cost. */
  protected abstract List<PartReading> endWindow(List<String> cost) throws SQLException;

  /** Stops what runs beside the window; called before {@link #endWindow}, outside {@link #lock}. */
  protected void stopSampling() {}

  @Override
  public final void begin() {
    synchronized (lock) {
      failure = null;
      try {
        StringBuilder missing = new StringBuilder();
        walBegin = PostgresqlWalIoWindow.read(db, missing);
        walMissing = missing.length() == 0 ? null : missing.toString();
        walReads++;
        startWindow();
      } catch (SQLException | RuntimeException e) {
        fail("the window's start could not be read", e);
      }
    }
  }

  @Override
  public final SourceReading end() {
    stopSampling();
    synchronized (lock) {
      if (failure != null) {
        return SourceReading.unmeasured(PostgresqlWaitEvents.PARTS, failure);
      }
      try {
        List<String> cost = new ArrayList<>();
        List<PartReading> parts = endWindow(cost);
        List<LogIoView> views = new ArrayList<>();
        List<UnmeasuredPart> unmeasured = new ArrayList<>();
        StringBuilder missing = new StringBuilder();
        PostgresqlWalIoWindow.WalIo walEnd = PostgresqlWalIoWindow.read(db, missing);
        walReads++;
        if (walBegin != null && walEnd != null) {
          PostgresqlWalIoWindow.between(walBegin, walEnd, views, unmeasured);
        } else {
          unmeasured.add(new UnmeasuredPart(PostgresqlWalIoWindow.TIMING,
              walMissing != null ? walMissing : missing.toString()));
        }
        cost.add("the WAL statistics read " + walReads + " times");
        return new SourceReading(parts, unmeasured, views, cost);
      } catch (SQLException | RuntimeException e) {
        return SourceReading.unmeasured(PostgresqlWaitEvents.PARTS,
            name() + ": the window's end could not be read: " + e.getMessage());
      }
    }
  }

  /** Marks the window failed; the reading then says so for every part. Callers hold {@link #lock}. */
  protected void fail(String what, Exception e) {
    if (failure == null) {
      failure = name() + ": " + what + ": " + e.getMessage();
    }
  }

  @Override
  public void close() {
    stopSampling();
    try {
      connection.close();
    } catch (Exception e) {
      // The connection may be gone already; nothing is left to release.
    }
  }
}
