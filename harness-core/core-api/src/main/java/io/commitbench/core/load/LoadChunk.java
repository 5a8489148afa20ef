package io.commitbench.core.load;

import java.util.List;
import java.util.function.Supplier;

/**
 * A part of a table's rows that one connection loads and commits on its own.
 *
 * @param qualifiedTable the table as SQL names it
 * @param columns the columns the rows fill, in order
 * @param rows how many rows the chunk has (for the progress line)
 * @param source makes the chunk's rows when a loader takes it up
 */
public record LoadChunk(String qualifiedTable, List<String> columns, long rows, Supplier<RowSource> source) {

  public LoadChunk {
    columns = List.copyOf(columns);
  }
}
