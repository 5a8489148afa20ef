package io.commitbench.core.workload.oltp;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.load.LoadChunk;
import io.commitbench.core.load.RowSource;
import io.commitbench.core.workload.SchemaTable;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The rows of a load as {@code create_table} in sysbench's {@code oltp_common.lua} makes them:
 * ids 1..table_size in order, {@code k} from {@code sb_rand(1, table_size)} (the configured
 * distribution), {@code c} and {@code pad} from their templates; cut into chunks so several
 * connections can load one table, and after them the secondary index and the id sequence's restart
 * (rows loaded with explicit ids leave an identity sequence at its start).
 */
final class OltpLoadPlan {

  /** The largest chunk: big enough that a commit per chunk costs nothing, small enough to spread a table. */
  private static final long MAX_CHUNK_ROWS = 100_000;

  private final OltpSettings settings;
  private final long seed;

  /** @param seed the run's seed; each chunk derives its own from it */
  OltpLoadPlan(OltpSettings settings, long seed) {
    this.settings = settings;
    this.seed = seed;
  }

  List<LoadChunk> chunks(List<SchemaTable> tables) {
    long size = settings.tableSize();
    // Enough chunks that every loader has work even with one table.
    long chunkRows = Math.max(1, Math.min(MAX_CHUNK_ROWS, (size + settings.loadThreads() - 1) / settings.loadThreads()));
    List<LoadChunk> chunks = new ArrayList<>();
    for (int t = 0; t < tables.size(); t++) {
      String table = tables.get(t).spec().qualifiedName();
      for (long first = 1; first <= size; first += chunkRows) {
        long from = first;
        long to = Math.min(size, first + chunkRows - 1);
        long chunkSeed = seed * 31 + (long) t * 1_000_003L + from;
        chunks.add(new LoadChunk(table, OltpTableSql.COLUMNS, to - from + 1, () -> rows(from, to, chunkSeed)));
      }
    }
    return chunks;
  }

  /** Per table, on one connection: the secondary index (unless off), then the id sequence's restart. */
  List<List<String>> after(Dialect dialect, List<SchemaTable> tables) {
    List<List<String>> groups = new ArrayList<>();
    for (SchemaTable table : tables) {
      List<String> statements = new ArrayList<>();
      if (settings.createSecondary()) {
        statements.add(OltpTableSql.createSecondaryIndex(dialect, table.spec()));
      }
      statements.addAll(dialect.restartGeneratedStatements(table.spec(), OltpTableSql.ID, settings.tableSize() + 1));
      groups.add(statements);
    }
    return groups;
  }

  private RowSource rows(long from, long to, long chunkSeed) {
    SplittableRandom source = new SplittableRandom(chunkSeed);
    RandomIds random = new RandomIds(settings.random(), source::nextDouble);
    RandomStrings strings = new RandomStrings(random);
    long[] next = {from};
    return row -> {
      if (next[0] > to) {
        return false;
      }
      row[0] = (int) next[0]++;
      row[1] = (int) random.next(1, settings.tableSize());
      row[2] = strings.c();
      row[3] = strings.pad();
      return true;
    };
  }
}
