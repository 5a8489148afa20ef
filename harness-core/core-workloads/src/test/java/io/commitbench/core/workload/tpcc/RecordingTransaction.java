package io.commitbench.core.workload.tpcc;

import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.workload.TransactionContext;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A transaction on a real connection that lists the kinds of the statements it ran and counts its commits. */
final class RecordingTransaction implements TransactionContext {

  final Connection connection;
  final List<OperationKind> kinds = new ArrayList<>();
  boolean measured = true;
  int commits;

  RecordingTransaction(Connection connection) {
    this.connection = connection;
  }

  @Override
  public int update(OperationKind kind, PreparedStatement statement) throws SQLException {
    int rows = statement.executeUpdate();
    kinds.add(kind);
    return rows;
  }

  @Override
  public int query(OperationKind kind, PreparedStatement statement) throws SQLException {
    return query(kind, statement, row -> {});
  }

  @Override
  public int query(OperationKind kind, PreparedStatement statement, RowReader reader) throws SQLException {
    int rows = 0;
    try (ResultSet result = statement.executeQuery()) {
      while (result.next()) {
        reader.read(result);
        rows++;
      }
    }
    kinds.add(kind);
    return rows;
  }

  @Override
  public void commit() throws SQLException {
    connection.commit();
    kinds.add(OperationKind.COMMIT);
    commits++;
  }

  @Override
  public long lastNanos() {
    return 0;
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
