package io.commitbench.core.workload.commit;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.load.LoadStoppedException;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.LoadContext;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.TextValues;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/** The commit workload for one run: one table, one transaction type. */
final class BoundCommitWorkload implements BoundWorkload {

  static final String TYPE = "commit";
  private static final int LOAD_BATCH = 1_000;

  private final CommitMode mode;
  private final int rows;
  private final int rowBytes;
  private final int preload;
  private final int users;

  BoundCommitWorkload(CommitMode mode, int rows, int rowBytes, int preload, int users) {
    this.mode = mode;
    this.rows = rows;
    this.rowBytes = rowBytes;
    this.preload = preload;
    this.users = users;
  }

  @Override
  public List<String> transactionTypes() {
    return List.of(TYPE);
  }

  @Override
  public boolean autocommit() {
    return false;
  }

  @Override
  public OptionalInt cycles() {
    return OptionalInt.empty();
  }

  @Override
  public List<HeaderLine> headerLines() {
    return List.of(new HeaderLine("Commit Mode", mode.label()), new HeaderLine("Rows per Commit", rows),
        new HeaderLine("Row Bytes", rowBytes));
  }

  @Override
  public List<SchemaTable> tables(SchemaNaming naming) {
    TableSpec spec = naming.table("commit", rowBytes);
    return List.of(new SchemaTable(spec, CommitTableSql.create(naming.dialect(), spec), naming.dialect()
        .dropTableStatements(spec)));
  }

  /**
   * In update mode, {@code commit.preload} rows per actor, in batches, before the run; a stop
   * asked for ends it after the batch in hand.
   */
  @Override
  public void load(LoadContext context) throws SQLException, InterruptedException {
    if (mode != CommitMode.UPDATE) {
      return;
    }
    Connection admin = context.admin();
    SchemaTable table = context.tables().get(0);
    boolean autocommit = admin.getAutoCommit();
    admin.setAutoCommit(false);
    long committed = 0;
    try (PreparedStatement insert = admin.prepareStatement(CommitTableSql.insert(table.spec()))) {
      for (int actor = 0; actor < users; actor++) {
        TextValues payloads = TextValues.forActor(actor, rowBytes);
        for (int row = 0; row < preload; row++) {
          insert.setLong(1, CommitActorWork.keyOf(actor, row));
          insert.setString(2, payloads.get(row));
          insert.addBatch();
          if ((row + 1) % LOAD_BATCH == 0 || row == preload - 1) {
            insert.executeBatch();
            admin.commit();
            committed += (row % LOAD_BATCH) + 1;
            if (context.stopRequested().getAsBoolean()) {
              String left = String.format(Locale.ROOT, "load stopped: table %s holds %,d of the %,d rows it was to"
                  + " be loaded with (marked load=incomplete)", table.spec().name(), committed, (long) preload * users);
              context.progress().accept(left);
              throw new LoadStoppedException(left);
            }
          }
        }
        context.progress().accept(String.format(Locale.ROOT, "load: %d of %d actors' rows", actor + 1, users));
      }
    } finally {
      admin.setAutoCommit(autocommit);
    }
  }

  @Override
  public ActorWork newActor(int index, List<SchemaTable> tables, Dialect dialect) {
    TableSpec table = tables.get(0).spec();
    String sql = mode == CommitMode.INSERT ? CommitTableSql.insert(table) : CommitTableSql.update(table);
    return new CommitActorWork(index, mode, rows, preload, sql, TextValues.forActor(index, rowBytes));
  }

  @Override
  public List<String> plan(int users) {
    return List.of(String.format(Locale.ROOT, "each transaction %s %d row(s) of %d bytes and commits%s", mode
        == CommitMode.INSERT ? "inserts" : "updates", rows, rowBytes, mode == CommitMode.UPDATE
        ? "; " + (long) preload * users + " rows loaded first" : ""));
  }
}
