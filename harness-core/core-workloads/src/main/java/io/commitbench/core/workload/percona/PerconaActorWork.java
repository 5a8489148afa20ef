package io.commitbench.core.workload.percona;

import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.TransactionContext;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * One user of the read-only set: each transaction is one query of a type drawn by the weights,
 * its values drawn uniformly (an id of the table, a country, state and city), in autocommit mode
 * as the slides ran them. Confined to the actor's thread.
 */
final class PerconaActorWork implements ActorWork {

  private final List<String> sql;
  private final WeightedChoice choice;
  private final AccountValues values;
  private final long tableSize;
  private final PreparedStatement[] prepared = new PreparedStatement[PerconaQuery.values().length];

  /** @param sql the query of each type, by {@link PerconaQuery} ordinal */
  PerconaActorWork(List<String> sql, WeightedChoice choice, AccountValues values, long tableSize) {
    this.sql = List.copyOf(sql);
    this.choice = choice;
    this.values = values;
    this.tableSize = tableSize;
  }

  @Override
  public void prepare(StatementPreparer preparer) throws SQLException {
    for (int i = 0; i < prepared.length; i++) {
      prepared[i] = preparer.prepare(sql.get(i));
    }
  }

  @Override
  public int next() {
    return choice.next();
  }

  @Override
  public void execute(int type, TransactionContext tx) throws SQLException {
    PerconaQuery query = PerconaQuery.values()[type];
    PreparedStatement s = prepared[type];
    if (query == PerconaQuery.PK) {
      s.setInt(1, values.id(tableSize));
    } else {
      s.setInt(1, values.country());
      s.setInt(2, values.state());
      if (query != PerconaQuery.LIMIT) {
        s.setString(3, values.city());
      }
    }
    tx.query(OperationKind.SELECT, s);
  }
}
