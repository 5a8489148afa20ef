package io.commitbench.core.workload;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.CycleTimes;
import io.commitbench.core.measure.RunTotals;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A workload with its settings, for one run. Called from the run's thread, except {@link
 * #newActor}'s results, which each live on their actor's thread.
 */
public interface BoundWorkload {

  /** The transaction types, by index; an actor's {@link ActorWork#next()} returns an index. */
  List<String> transactionTypes();

  /** Whether the actors' connections commit every statement by themselves. */
  boolean autocommit();

  /**
   * Whether its actors' statements are to be prepared on the server where the driver would prepare
   * them on the client ({@link io.commitbench.core.dialect.Dialect#serverPreparedStatements}):
   * a workload that reproduces another tool's statements asks for what that tool does. The
   * default: no, the driver's own choice.
   */
  default boolean serverPreparedStatements() {
    return false;
  }

  /**
   * The failures after which a transaction is tried again, up to {@code retry.max} times: by
   * default those the server raises to resolve a conflict ({@link ErrorClass#CONFLICTS}:
   * deadlocks, serialization failures). A workload that reproduces another tool retries what that
   * tool retries.
   */
  default Set<ErrorClass> retriedErrors() {
    return ErrorClass.CONFLICTS;
  }

  /**
   * The failures the workload ignores, as the tool it reproduces does: the transaction is rolled
   * back and started again, however often (up to the engine's bound on one transaction), and each
   * such failure is counted as ignored, neither as an error nor as a retry. {@code retry.max} does
   * not apply to them. The default ignores nothing.
   */
  default Predicate<SQLException> ignoredErrors(Dialect dialect) {
    return error -> false;
  }

  /**
   * How many cycles a count-based run has, for a workload that {@linkplain Workload#runsInCycles
   * runs in cycles} (the paper's {@code repeat}); empty when the run is time-based.
   */
  OptionalInt cycles();

  /** Lines for the run header, each a label and a value. */
  List<HeaderLine> headerLines();

  /** The tables it needs, named from {@code naming}; created before the run, dropped after it. */
  List<SchemaTable> tables(SchemaNaming naming);

  /**
   * Fills the tables before the actors start, on the admin connection; not measured. The default
   * loads nothing.
   *
   * @param progress receives a line now and then for a long load
   */
  default void load(Connection admin, Dialect dialect, List<SchemaTable> tables, Consumer<String> progress)
      throws SQLException {}

  /**
   * Fills the tables before the actors start (or for {@code commitbench prepare}); not measured.
   * The default calls {@link #load(Connection, Dialect, List, Consumer)} on the admin connection;
   * a workload that loads over several connections at once overrides this one.
   */
  default void load(LoadContext context) throws SQLException, InterruptedException {
    load(context.admin(), context.dialect(), context.tables(), context.progress());
  }

  /**
   * Whether the run works on tables loaded before it (a data set of {@code commitbench prepare})
   * instead of creating, loading and dropping its own. The default: no.
   */
  default boolean reusesLoadedTables() {
    return false;
  }

  /**
   * With {@link #reusesLoadedTables}: what is wrong with the existing tables for this run (too few
   * rows for its settings), or empty. Must not change anything. The default finds nothing.
   */
  default java.util.Optional<String> checkReused(Connection admin, List<SchemaTable> tables) throws SQLException {
    return java.util.Optional.empty();
  }

  /** The work of actor {@code index} (0-based); called once per actor before the run starts. */
  ActorWork newActor(int index, List<SchemaTable> tables, Dialect dialect);

  /** What a complete run plans to do, for {@code validate}; one line each. */
  List<String> plan(int users);

  /**
   * The workload's own block in the report (the paper prints its analysis), or empty. It is
   * handed the run's cycles rather than the whole result, so the workloads sit below the report
   * package and the package graph stays acyclic.
   *
   * @param totals what the measurement counted (statements by kind, transactions by type)
   * @param cycles every cycle that finished, in order
   * @param actorCycles each actor's times in each finished cycle
   */
  default String reportBlock(RunTotals totals, List<CycleTimes> cycles, List<ActorCycleTimes> actorCycles) {
    return "";
  }

  /**
   * The workload's own figures for {@code summary.json} (key {@code workloadFigures}): names to
   * numbers, text, or nested maps of them; empty when it has none (the default).
   */
  default java.util.Map<String, Object> summaryFigures(RunTotals totals) {
    return java.util.Map.of();
  }

  /**
   * After the actors finished and before the tables are dropped (or kept): reads what the
   * workload reports of the database itself, such as the size of its data, on the admin
   * connection. Not measured; a failure is reported as a warning. The default reads nothing.
   */
  default void afterActors(Connection admin, Dialect dialect, List<SchemaTable> tables) throws SQLException {}

  /**
   * What is wrong with the workload's data by the conditions its transactions keep (TPC-C's
   * consistency conditions), each finding naming the condition and the values; empty when there
   * is none. Asked on the admin connection after the load (for a reused data set, before the
   * actors) and again after the actors; it must change nothing. A run with findings completes with
   * exit code 3 and names them in its last lines; {@code prepare} exits with 3 and keeps the data
   * set. The default finds nothing.
   */
  default List<String> checkData(Connection admin, Dialect dialect, List<SchemaTable> tables) throws SQLException {
    return List.of();
  }

  /**
   * Files of the workload's own for the run's results folder, by name ({@code curve-insert.csv})
   * to their text, written after the run; empty when it has none (the default). A file named
   * {@code curve-*.csv} is drawn as a chart in {@code report.html}: its first column along the
   * x axis, each column ending in {@code _per_s} as a line.
   */
  default java.util.Map<String, String> resultFiles() {
    return java.util.Map.of();
  }

  /** A line of the run header: {@code  | Label : value}. */
  record HeaderLine(String label, Object value) {}
}
