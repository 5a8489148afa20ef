package io.commitbench.core.workload.oltp;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.load.IdChunks;
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

  private final OltpSettings settings;
  private final long seed;

  /** @param seed the run's seed; each chunk derives its own from it */
  OltpLoadPlan(OltpSettings settings, long seed) {
    this.settings = settings;
    this.seed = seed;
  }

  List<LoadChunk> chunks(List<SchemaTable> tables) {
    List<LoadChunk> chunks = new ArrayList<>();
    for (int t = 0; t < tables.size(); t++) {
      long tableSeed = seed * 31 + (long) t * 1_000_003L;
      chunks.addAll(IdChunks.of(tables.get(t).spec().qualifiedName(), OltpTableSql.COLUMNS, settings.tableSize(),
          settings.loadThreads(), (from, to) -> rows(from, to, tableSeed + from)));
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
