package io.commitbench.core.workload;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.report.RunResult;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Consumer;

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

  /** The work of actor {@code index} (0-based); called once per actor before the run starts. */
  ActorWork newActor(int index, List<SchemaTable> tables, Dialect dialect);

  /** What a complete run plans to do, for {@code validate}; one line each. */
  List<String> plan(int users);

  /** The workload's own block in the report (the paper prints its analysis), or empty. */
  default String reportBlock(RunResult result) {
    return "";
  }

  /** A line of the run header: {@code  | Label : value}. */
  record HeaderLine(String label, Object value) {}
}
