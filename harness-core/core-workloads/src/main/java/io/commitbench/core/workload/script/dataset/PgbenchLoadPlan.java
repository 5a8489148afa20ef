package io.commitbench.core.workload.script.dataset;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.load.IdChunks;
import io.commitbench.core.load.LoadChunk;
import io.commitbench.core.load.RowSource;
import io.commitbench.core.workload.SchemaTable;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of {@code pgbench -i -s <scale>} as pgbench 15's client-side generation ({@code
 * initBranch}, {@code initTeller}, {@code initAccount}) writes them, and its server-side one
 * ({@code initGenerateDataServerSide}) too: ids from 1 up, every balance 0, a teller's branch
 * {@code (tid - 1) / 10 + 1}, an account's {@code (aid - 1) / 100000 + 1}; branches' and tellers'
 * fillers left NULL, accounts' the empty string, which {@code char(84)} pads with blanks (Oracle
 * stores the empty string as NULL); history empty. Cut into chunks so several connections load
 * the accounts at once, then each table's primary key.
 */
final class PgbenchLoadPlan {

  /** A load's tables in the order {@link PgbenchDataSet#tables} gives them. */
  private static final List<PgbenchTable> ORDER = List.of(PgbenchTable.values());

  private final int scale;
  private final int threads;

  PgbenchLoadPlan(int scale, int threads) {
    this.scale = scale;
    this.threads = threads;
  }

  /** How many rows a table gets. */
  long rows(PgbenchTable table) {
    return table.rowsPerScale * scale;
  }

  /** The chunks of branches, tellers and accounts; history gets no rows. */
  List<LoadChunk> chunks(List<SchemaTable> tables) {
    List<LoadChunk> chunks = new ArrayList<>();
    for (PgbenchTable table : ORDER) {
      if (rows(table) > 0) {
        chunks.addAll(IdChunks.of(tables.get(table.ordinal()).spec().qualifiedName(), table.loadColumns, rows(table),
            threads, (from, to) -> rows(table, from, to)));
      }
    }
    return chunks;
  }

  /**
   * The three keys as one group, on one connection: only the accounts' takes time, and DDL in
   * parallel transactions queues on the catalog of some products (H2 locks it until commit).
   */
  List<List<String>> primaryKeys(Dialect dialect, List<SchemaTable> tables) {
    List<String> keys = new ArrayList<>();
    for (PgbenchTable table : List.of(PgbenchTable.BRANCHES, PgbenchTable.TELLERS, PgbenchTable.ACCOUNTS)) {
      keys.add(table.addPrimaryKey(dialect, tables.get(table.ordinal()).spec()));
    }
    return List.of(keys);
  }

  /** The rows of ids {@code from..to} of {@code table}, in its {@link PgbenchTable#loadColumns}. */
  RowSource rows(PgbenchTable table, long from, long to) {
    boolean bigIds = scale >= PgbenchTable.SCALE_64BIT_IDS;
    long[] next = {from};
    return switch (table) {
      case BRANCHES -> row -> {
        if (next[0] > to) {
          return false;
        }
        row[0] = (int) next[0]++;
        row[1] = 0;
        return true;
      };
      case TELLERS -> row -> {
        if (next[0] > to) {
          return false;
        }
        long tid = next[0]++;
        row[0] = (int) tid;
        row[1] = (int) ((tid - 1) / PgbenchTable.TELLERS.rowsPerScale + 1);
        row[2] = 0;
        return true;
      };
      case ACCOUNTS -> row -> {
        if (next[0] > to) {
          return false;
        }
        long aid = next[0]++;
        row[0] = bigIds ? (Object) aid : (Object) (int) aid;
        row[1] = (int) ((aid - 1) / PgbenchTable.ACCOUNTS.rowsPerScale + 1);
        row[2] = 0;
        row[3] = "";
        return true;
      };
      case HISTORY -> row -> false;
    };
  }
}
