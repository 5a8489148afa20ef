package io.commitbench.driver.postgresql;

import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.server.Row;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The run's sessions' commit waits from pg_wait_sampling's profile: the profile of the mapped
 * events ({@link PostgresqlWaitEvents}) at the window's start and end, their difference for the
 * backends that were the run's at either, times the collector's period. It only reads: the
 * profile is never reset, since other users of the server may be reading it too.
 */
final class PostgresqlProfileSource extends PostgresqlWaitSource {

  private final PostgresqlWaitSamplingProbe probe;
  private final Instant runStartedAt;
  private final String profileSql;
  private WaitProfile begin;
  private Set<Integer> beginPids = Set.of();
  private int profileReads;

  PostgresqlProfileSource(io.commitbench.core.server.RowSource db, AutoCloseable connection,
      PostgresqlWaitSamplingProbe probe, Instant runStartedAt) {
    super(db, connection);
    this.probe = probe;
    this.runStartedAt = runStartedAt;
    this.profileSql = profileSql(probe);
  }

  /**
   * The mapped events' samples per backend, of every backend and not only the run's: a backend of
   * the run may get the pid of one that has ended.
   */
  static String profileSql(PostgresqlWaitSamplingProbe probe) {
    return "SELECT pid, event_type, event, sum(count) AS count FROM " + probe.profileView()
        + " WHERE (event_type, event) IN (" + PostgresqlWaitEvents.sqlList() + ") GROUP BY pid, event_type, event";
  }

  @Override
  public String name() {
    return "pg_wait_sampling";
  }

  @Override
  protected void startWindow() throws SQLException {
    beginPids = pids();
    begin = WaitProfile.of(db.query(profileSql));
    profileReads++;
  }

  @Override
  protected List<PartReading> endWindow(List<String> cost) throws SQLException {
    Set<Integer> pids = new LinkedHashSet<>(beginPids);
    pids.addAll(pids());
    WaitProfile end = WaitProfile.of(db.query(profileSql));
    profileReads++;
    Map<String, Long> samples = end.since(begin, pids);
    cost.add("pg_wait_sampling_profile read " + profileReads + " times (" + end.size()
        + " entries of the commit's events at the end); its collector samples every backend every "
        + format(probe.periodMillis()) + " ms whether or not commitbench reads it");
    return WaitParts.of(samples, probe.periodMillis(), "pg_wait_sampling",
        format(probe.periodMillis()) + " ms period");
  }

  private Set<Integer> pids() throws SQLException {
    Set<Integer> pids = new LinkedHashSet<>();
    for (Row row : db.query(PostgresqlRunSessions.pidsSql(runStartedAt))) {
      pids.add(row.number("pid").intValue());
    }
    return pids;
  }

  /** {@code 10} rather than {@code 10.0}. */
  static String format(double millis) {
    return millis == Math.rint(millis) ? Long.toString((long) millis) : Double.toString(millis);
  }
}
