package io.commitbench.core.load;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a table of ids 1..size into the chunks a parallel load takes up: enough of them that every
 * loader has work even with one table, none over {@value #MAX_CHUNK_ROWS} rows.
 *
 * <pre>
 * List&lt;LoadChunk&gt; chunks = IdChunks.of("public.sbtest1", columns, 1_000_000, 4, (from, to) -&gt; rows(from, to));
 * </pre>
 */
public final class IdChunks {

  /** The largest chunk: big enough that a commit per chunk costs nothing, small enough to spread a table. */
  public static final long MAX_CHUNK_ROWS = 100_000;

  /** Makes the rows of ids {@code from..to} when a loader takes the chunk up. */
  @FunctionalInterface
  public interface Rows {
    RowSource of(long from, long to);
  }

  private IdChunks() {}

  public static List<LoadChunk> of(String qualifiedTable, List<String> columns, long size, int threads, Rows rows) {
    long chunkRows = Math.max(1, Math.min(MAX_CHUNK_ROWS, (size + threads - 1) / threads));
    List<LoadChunk> chunks = new ArrayList<>();
    for (long first = 1; first <= size; first += chunkRows) {
      long from = first;
      long to = Math.min(size, first + chunkRows - 1);
      chunks.add(new LoadChunk(qualifiedTable, columns, to - from + 1, () -> rows.of(from, to)));
    }
    return chunks;
  }
}
