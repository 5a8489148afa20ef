package io.commitbench.core.run;

import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.TransactionContext;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** A test workload of one transaction type whose transactions run {@code SELECT 1}, with what a test adds around it. */
abstract class SelectOneWork implements ActorWork {

  private PreparedStatement select;

  @Override
  public void prepare(StatementPreparer preparer) throws SQLException {
    select = preparer.prepare("SELECT 1");
  }

  @Override
  public int next() {
    return 0;
  }

  /** Runs the query, timed as a SELECT. */
  protected void selectOne(TransactionContext tx) throws SQLException {
    tx.query(OperationKind.SELECT, select);
  }
}
