package io.commitbench.core.workload.oltp;

import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.TransactionContext;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * One actor of an OLTP workload: sysbench's {@code event()} of the script as one transaction,
 * step by step as {@code oltp_common.lua}'s {@code execute_*} functions run them — each step on a
 * table drawn uniformly, its ids from the configured distribution, ranges of {@code range_size}
 * ids, new {@code c} and {@code pad} values from sysbench's templates — with COMMIT at the end
 * when the script is transactional and {@code skip_trx} is off. Statements are prepared once per
 * table and connection, as sysbench prepares them per thread. Confined to the actor's thread.
 */
final class OltpActorWork implements ActorWork {

  private final OltpScript script;
  private final OltpSettings settings;
  private final List<String> tables;
  private final RandomIds random;
  private final RandomStrings strings;
  private final boolean commits;
  /** [table][statement ordinal]; only the statements the script uses. */
  private final PreparedStatement[][] prepared;

  OltpActorWork(OltpScript script, OltpSettings settings, List<String> qualifiedTables, RandomIds random,
      RandomStrings strings) {
    this.script = script;
    this.settings = settings;
    this.tables = List.copyOf(qualifiedTables);
    this.random = random;
    this.strings = strings;
    this.commits = script.transactional() && !settings.skipTrx();
    this.prepared = new PreparedStatement[tables.size()][Statement.values().length];
  }

  @Override
  public void prepare(StatementPreparer preparer) throws SQLException {
    Set<Statement> used = EnumSet.noneOf(Statement.class);
    script.steps().stream().filter(step -> step.repetitions(settings) > 0).forEach(s -> used.addAll(s.statements()));
    for (int t = 0; t < tables.size(); t++) {
      for (Statement statement : used) {
        prepared[t][statement.ordinal()] = preparer.prepare(statement.sql(tables.get(t)));
      }
    }
  }

  @Override
  public int next() {
    return 0;
  }

  @Override
  public void execute(int type, TransactionContext tx) throws Exception {
    for (Step step : script.steps()) {
      int repetitions = step.repetitions(settings);
      if (repetitions == 0) {
        continue;
      }
      // get_table_num(): once per step, for all its repetitions.
      PreparedStatement[] table = prepared[(int) random.uniform(1, tables.size()) - 1];
      for (int i = 0; i < repetitions; i++) {
        run(step, table, tx);
      }
    }
    if (commits) {
      tx.commit();
    }
  }

  private void run(Step step, PreparedStatement[] table, TransactionContext tx) throws SQLException {
    Statement first = step.statements().get(0);
    PreparedStatement s = table[first.ordinal()];
    switch (first) {
      case POINT_SELECT -> {
        s.setInt(1, id());
        tx.query(first.kind(), s);
      }
      case SIMPLE_RANGE, SUM_RANGE, ORDER_RANGE, DISTINCT_RANGE -> {
        int from = id();
        s.setInt(1, from);
        s.setLong(2, from + settings.rangeSize() - 1);
        tx.query(first.kind(), s);
      }
      case INDEX_UPDATE -> {
        s.setInt(1, id());
        tx.update(first.kind(), s);
      }
      case NON_INDEX_UPDATE -> {
        s.setString(1, strings.c());
        s.setInt(2, id());
        tx.update(first.kind(), s);
      }
      case DELETE -> deleteThenInsert(step, table, s, tx);
      case AUTO_ID_INSERT -> {
        s.setInt(1, id());
        s.setString(2, strings.c());
        s.setString(3, strings.pad());
        tx.update(first.kind(), s);
      }
      case INSERT -> throw new IllegalStateException("an insert comes only after its delete");
    }
  }

  /** execute_delete_inserts: the id deleted is inserted again, with a new k, c and pad. */
  private void deleteThenInsert(Step step, PreparedStatement[] table, PreparedStatement delete,
      TransactionContext tx) throws SQLException {
    int id = id();
    delete.setInt(1, id);
    if (step.statements().size() == 1) {
      tx.update(Statement.DELETE.kind(), delete); // oltp_delete: the delete alone
      return;
    }
    int k = id();
    tx.update(Statement.DELETE.kind(), delete);
    PreparedStatement insert = table[Statement.INSERT.ordinal()];
    insert.setInt(1, id);
    insert.setInt(2, k);
    insert.setString(3, strings.c());
    insert.setString(4, strings.pad());
    tx.update(Statement.INSERT.kind(), insert);
  }

  /** get_id(): {@code sysbench.rand.default(1, table_size)}. */
  private int id() {
    return (int) random.next(1, settings.tableSize());
  }
}
