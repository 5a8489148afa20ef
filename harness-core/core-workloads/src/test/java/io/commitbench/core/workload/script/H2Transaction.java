package io.commitbench.core.workload.script;

import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.workload.TransactionContext;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A transaction on a real connection that times each call as the engine's does, lists the kinds
 * it ran and counts its commits. Public for the other workloads' tests.
 */
public class H2Transaction implements TransactionContext {

  private final Connection connection;
  /** The kind of each statement and commit that ran, in order. */
  public final List<OperationKind> kinds = new ArrayList<>();
  /** What {@link #measured()} answers; true until a test sets it. */
  public boolean measured = true;
  /** The commits that ran. */
  public int commits;
  private long lastNanos;

  public H2Transaction(Connection connection) {
    this.connection = connection;
  }

  @Override
  public int update(OperationKind kind, PreparedStatement statement) throws SQLException {
    long began = System.nanoTime();
    int rows = statement.executeUpdate();
    lastNanos = System.nanoTime() - began;
    kinds.add(kind);
    return rows;
  }

  @Override
  public int query(OperationKind kind, PreparedStatement statement) throws SQLException {
    return query(kind, statement, row -> {});
  }

  @Override
  public int query(OperationKind kind, PreparedStatement statement, RowReader reader) throws SQLException {
    long began = System.nanoTime();
    int rows = 0;
    try (ResultSet result = statement.executeQuery()) {
      while (result.next()) {
        reader.read(result);
        rows++;
      }
    }
    lastNanos = System.nanoTime() - began;
    kinds.add(kind);
    return rows;
  }

  @Override
  public void commit() throws SQLException {
    long began = System.nanoTime();
    connection.commit();
    lastNanos = System.nanoTime() - began;
    kinds.add(OperationKind.COMMIT);
    commits++;
  }

  @Override
  public long lastNanos() {
    return lastNanos;
  }

  @Override
  public boolean measured() {
    return measured;
  }

  @Override
  public Connection connection() {
    return connection;
  }

  @Override
  public void continueAfter(SQLException failure) throws Exception {
    throw failure;
  }
}
