package io.commitbench.core.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * How a database product takes many rows fastest: PostgreSQL through {@code COPY}, MariaDB
 * through {@code LOAD DATA LOCAL INFILE}, the others through JDBC batches. A dialect provides one
 * ({@code Dialect#bulkLoader}); the parallel loader runs it on several connections at once.
 * Thread-safe.
 *
 * <pre>
 * long rows = dialect.bulkLoader().load(connection, "public.sbtest1", List.of("id", "k", "c", "pad"), source);
 * connection.commit();
 * </pre>
 */
public interface BulkLoader {

  /**
   * How it loads, for the progress lines and the report: {@code COPY FROM STDIN}; after a load, it
   * names the slower path a loader fell back to, and why.
   */
  String method();

  /**
   * Writes every row of {@code rows} into {@code columns} of the table, in the connection's
   * current transaction (the caller commits).
   *
   * @return the rows written
   */
  long load(Connection connection, String qualifiedTable, List<String> columns, RowSource rows) throws SQLException;

  /**
   * Why connections loading {@code qualifiedTable} at the same time would only queue behind each
   * other, or null when they load it in parallel. The parallel loader then loads such a table's
   * chunks one after the other on one connection, and other tables beside it. MariaDB's {@code
   * LOAD DATA} is the case: it holds InnoDB's table-level AUTO-INC lock until the statement ends.
   * Asked once per table before the load, on a connection of the loader's own.
   */
  default String oneConnectionReason(Connection connection, String qualifiedTable) throws SQLException {
    return null;
  }
}
