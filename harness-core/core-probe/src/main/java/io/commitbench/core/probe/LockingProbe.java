package io.commitbench.core.probe;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.IsolationLevel;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.namespace.NameGuard;
import io.commitbench.core.namespace.NamesRefusedException;
import io.commitbench.core.namespace.OwnershipMark;
import io.commitbench.core.run.AdminLogin;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * {@code commitbench probe locking} on one database: two sessions meet on one table of the run's
 * own namespace, once per isolation level and scenario, and each meeting becomes a {@link
 * ProbeRow}. The table is checked free before it is created, marked as the run's, and dropped at
 * the end, also when a step fails; nothing else is created or dropped.
 *
 * <p>Every wait is bounded: each session's lock waits by the dialect's session setting
 * ({@link io.commitbench.core.dialect.LockingSupport#lockWaitTimeoutStatements}) or else the JDBC
 * query timeout, and the probe's own wait for a step by {@link #boundNanos}, after which the
 * step's connection is aborted.
 */
public final class LockingProbe {

  /**
   * What to probe.
   *
   * @param levels isolation levels, in order
   * @param scenarios scenarios, in order, under each level
   * @param lockTimeoutSeconds each session's bound on one lock wait
   * @param holdMillis same-row: how long S1 keeps its lock after S2 is seen waiting
   * @param sessionSql statements each session runs after the bound, before its transactions (a
   *     session setting to probe, such as MariaDB's {@code SET SESSION innodb_snapshot_isolation=ON})
   */
  public record Settings(List<IsolationLevel> levels, List<LockScenario> scenarios, int lockTimeoutSeconds,
      long holdMillis, List<String> sessionSql) {}

  /** A new connection as the configured user, for the admin and each session. */
  public interface Connector {
    Connection open() throws SQLException;
  }

  /** One database's part of the report. */
  public record DatabaseProbe(String database, String table, List<String> lockBound, List<String> serverSettings,
      List<ProbeRow> rows) {}

  private static final long EXTRA_BOUND_SECONDS = 5;

  private final Dialect dialect;
  private final Connector connector;
  private final Settings settings;
  private final Consumer<String> progress;

  public LockingProbe(Dialect dialect, Connector connector, Settings settings, Consumer<String> progress) {
    this.dialect = dialect;
    this.connector = connector;
    this.settings = settings;
    this.progress = progress;
  }

  /** The probe on the database of {@code config}, as its configured user, in its table.prefix. */
  public static LockingProbe of(BenchmarkConfig config, Dialect dialect, Settings settings, Consumer<String> progress) {
    return new LockingProbe(dialect, () -> AdminLogin.open(config, dialect), settings, progress);
  }

  /**
   * Checks the table's name, creates it, probes, drops it.
   *
   * @param cleanupHint how to remove what a commitbench run left, given its run id (for a refusal)
   * @throws NamesRefusedException the table's name is taken or too long; nothing was created
   * @throws ProbeFailedException a step failed; the table was dropped, or the message says it was not
   */
  public DatabaseProbe execute(BenchmarkConfig config, Function<String, String> cleanupHint)
      throws NamesRefusedException, ProbeFailedException, SQLException, InterruptedException {
    try (Connection admin = connector.open()) {
      // The admin resets rows and drops the table after sessions that may have been aborted: the
      // same bound keeps it from waiting on their locks for ever.
      try (java.sql.Statement st = admin.createStatement()) {
        for (String sql : dialect.locking().lockWaitTimeoutStatements(settings.lockTimeoutSeconds())) {
          st.execute(sql);
        }
      }
      String qualifier = dialect.centralQualifier(admin);
      String name = config.tablePrefix() + ProbeTable.SUFFIX;
      TableSpec spec = new TableSpec(name, qualifier == null ? "" : qualifier, dialect.qualifiedName(qualifier, name), 0);
      new NameGuard(dialect, admin, cleanupHint).check(qualifier, config.tablePrefix(), List.of(spec),
          config.userPrefix(), List.of());
      String database = dialect.name() + " " + version(admin);
      ProbeTable table = new ProbeTable(dialect, spec);
      ProbeFailedException failure = null;
      try {
        table.create(admin, OwnershipMark.ofThisProcess(config.runId(), config.owner(), Instant.now(),
            config.tablePrefix(), config.userPrefix()).text());
        List<ProbeRow> rows = probe(admin, table, database);
        return new DatabaseProbe(database, spec.qualifiedName(), dialect.locking().lockWaitTimeoutStatements(
            settings.lockTimeoutSeconds()), settingsOf(admin), rows);
      } catch (SQLException | RuntimeException e) {
        failure = new ProbeFailedException(database + ": " + e.getMessage(), e);
        throw failure;
      } finally {
        // Interrupted (Ctrl-C): the drop still runs, on a thread without the flag, which some
        // drivers' I/O would take as a reason to close the connection first.
        boolean interrupted = Thread.interrupted();
        try {
          dropAfter(admin, table, failure, cleanupHint.apply(config.runId()));
        } finally {
          if (interrupted) {
            Thread.currentThread().interrupt();
          }
        }
      }
    }
  }

  /** Drops the table if this probe created it; a failed drop is added to {@code failure}, or thrown. */
  private static void dropAfter(Connection admin, ProbeTable table, ProbeFailedException failure, String cleanup)
      throws ProbeFailedException {
    try {
      table.drop(admin);
    } catch (SQLException e) {
      ProbeFailedException left = new ProbeFailedException("table " + table.spec().qualifiedName()
          + " could not be dropped (" + e.getMessage() + "); it carries commitbench's mark, so this removes it: "
          + cleanup, e);
      if (failure == null) {
        throw left;
      }
      failure.addSuppressed(left);
    }
  }

  private List<ProbeRow> probe(Connection admin, ProbeTable table, String database)
      throws SQLException, InterruptedException {
    LockOutcomes outcomes = new LockOutcomes(dialect, database);
    LockWaitWatcher watcher = new LockWaitWatcher(admin, dialect.locking().lockWaitView());
    List<ProbeRow> rows = new ArrayList<>();
    for (IsolationLevel level : settings.levels()) {
      for (LockScenario scenario : settings.scenarios()) {
        progress.accept(database + ", " + level.sqlName() + ", " + scenario.optionName() + " ...");
        table.reset(admin);
        // Fresh sessions per scenario: one whose statement had to be aborted cannot spoil the next.
        try (ProbeSession s1 = open("S1", level); ProbeSession s2 = open("S2", level)) {
          rows.add(scenario == LockScenario.DEADLOCK
              ? deadlock(outcomes, watcher, table.updateSql(), level, s1, s2)
              : sameRow(outcomes, watcher, table.updateSql(), level, s1, s2));
        }
      }
    }
    return rows;
  }

  private ProbeSession open(String name, IsolationLevel level) throws SQLException {
    return ProbeSession.open(name, connector.open(), dialect, level, settings.lockTimeoutSeconds(),
        settings.sessionSql());
  }

  /**
   * S1 updates row 1, S2 row 2 (both at once: no conflict yet); S1 updates row 2 and blocks on
   * S2; only once it is seen waiting does S2 update row 1, which closes the cycle. The victim's
   * statement fails, its session rolls back at once, and the other's update goes on.
   */
  private ProbeRow deadlock(LockOutcomes outcomes, LockWaitWatcher watcher, String update, IsolationLevel level,
      ProbeSession s1, ProbeSession s2) throws SQLException, InterruptedException {
    long deadline = deadline();
    require(await(s1.execute(update, 1), deadline), "S1's update of row 1");
    require(await(s2.execute(update, 2), deadline), "S2's update of row 2");
    Future<StepResult> s1Row2 = s1.execute(update, 2);
    WaitSeen seen = watcher.await(s1, s1Row2);
    Future<StepResult> s2Row1 = s2.execute(update, 1);
    // The cycle's bound counts from its closing: the detector, or the lock wait timeout, ends it.
    deadline = deadline();
    StepResult first = await(s1Row2, deadline);
    StepResult second = await(s2Row1, deadline);
    if (first.succeeded()) {
      await(s1.commit(), deadline());
    }
    if (second.succeeded()) {
      await(s2.commit(), deadline());
    }
    return outcomes.deadlock(level, seen, first, second);
  }

  /**
   * S1 updates row 1 and holds its lock; S2 updates row 1; once S2 is seen waiting, S1 holds on
   * for {@code holdMillis} more (less if S2's statement ends first) and commits; then S2's update
   * returns or fails, and S2 commits.
   */
  private ProbeRow sameRow(LockOutcomes outcomes, LockWaitWatcher watcher, String update, IsolationLevel level,
      ProbeSession s1, ProbeSession s2) throws SQLException, InterruptedException {
    require(await(s1.execute(update, 1), deadline()), "S1's update of row 1");
    Future<StepResult> s2Row1 = s2.execute(update, 1);
    WaitSeen seen = watcher.await(s2, s2Row1);
    if (seen != WaitSeen.NOT_WAITING) {
      try {
        s2Row1.get(settings.holdMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException holding) {
        // The hold is over and S2 still waits: the normal case.
      } catch (ExecutionException e) {
        throw new SQLException("S2's update of row 1 could not run: " + e.getCause(), e.getCause());
      }
    }
    StepResult s1Commit = require(await(s1.commit(), deadline()), "S1's commit");
    StepResult s2Update = await(s2Row1, deadline());
    StepResult s2Commit = s2Update.succeeded() ? await(s2.commit(), deadline()) : null;
    return outcomes.sameRow(level, seen, s2Update, s1Commit, s2Commit);
  }

  /** The end of the probe's wait for a step: the session's lock wait bound, the query timeout's margin, and slack. */
  private long deadline() {
    return System.nanoTime() + TimeUnit.SECONDS.toNanos(boundSeconds());
  }

  /** The longest the probe waits for one step, in seconds. */
  public long boundSeconds() {
    return settings.lockTimeoutSeconds() + ProbeSession.QUERY_TIMEOUT_MARGIN_SECONDS + EXTRA_BOUND_SECONDS;
  }

  /** The step's result, or {@link StepResult#unfinished} when {@code deadline} passes first. */
  private static StepResult await(Future<StepResult> step, long deadline) throws SQLException, InterruptedException {
    long submitted = System.nanoTime();
    try {
      return step.get(Math.max(0, deadline - submitted), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      return StepResult.unfinished(submitted);
    } catch (ExecutionException e) {
      throw new SQLException("a probe step could not run: " + e.getCause(), e.getCause());
    }
  }

  /** A step the scenario needs to have worked before the conflict (no conflict is possible yet). */
  private static StepResult require(StepResult step, String what) throws SQLException {
    if (!step.finished()) {
      throw new SQLException(what + " did not end within the probe's bound; nothing else held a lock on its row");
    }
    if (step.error() != null) {
      throw new SQLException(what + " failed: " + step.error().getMessage(), step.error().getSQLState(),
          step.error().getErrorCode(), step.error());
    }
    return step;
  }

  private List<String> settingsOf(Connection admin) {
    try {
      return dialect.locking().lockingSettings(admin);
    } catch (SQLException e) {
      return List.of("not read: " + e.getMessage());
    }
  }

  private static String version(Connection admin) throws SQLException {
    String version = admin.getMetaData().getDatabaseProductVersion();
    int space = version.indexOf(' ');
    return space < 0 ? version : version.substring(0, space);
  }
}
