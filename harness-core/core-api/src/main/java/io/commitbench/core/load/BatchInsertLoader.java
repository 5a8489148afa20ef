package io.commitbench.core.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;

/**
 * The portable loader: one prepared INSERT, its rows sent in JDBC batches. What H2 and Oracle use
 * (Oracle's driver sends a batch as one array-bound execution).
 */
public final class BatchInsertLoader implements BulkLoader {

  /** Rows per batch: large enough that round trips stop mattering, small enough for any driver's buffers. */
  private static final int BATCH_ROWS = 1_000;

  @Override
  public String method() {
    return "batched INSERT";
  }

  @Override
  public long load(Connection connection, String qualifiedTable, List<String> columns, RowSource rows)
      throws SQLException {
    String sql = "INSERT INTO " + qualifiedTable + " (" + String.join(", ", columns) + ") VALUES ("
        + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")";
    Object[] row = new Object[columns.size()];
    long written = 0;
    try (PreparedStatement insert = connection.prepareStatement(sql)) {
      while (rows.next(row)) {
        for (int c = 0; c < row.length; c++) {
          insert.setObject(c + 1, row[c]);
        }
        insert.addBatch();
        if (++written % BATCH_ROWS == 0) {
          insert.executeBatch();
        }
      }
      if (written % BATCH_ROWS != 0) {
        insert.executeBatch();
      }
    }
    return written;
  }
}
