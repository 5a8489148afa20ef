package io.commitbench.core.workload.tpcc;

import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.TransactionContext;
import java.sql.SQLException;

/** One TPC-C terminal: its home warehouse and district, its deck of transactions, their inputs. */
final class TpccTerminal implements ActorWork {

  TpccTerminal(int index, TpccSettings settings, TpccConstants constants, TpccNames names, TpccCounters counters) {}

  @Override
  public void prepare(StatementPreparer preparer) throws SQLException {}

  @Override
  public int next() {
    return 0;
  }

  @Override
  public void execute(int type, TransactionContext tx) throws Exception {
    throw new UnsupportedOperationException("the TPC-C transactions are not built yet");
  }
}
