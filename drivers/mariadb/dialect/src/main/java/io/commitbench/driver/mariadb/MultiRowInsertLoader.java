package io.commitbench.driver.mariadb;

import io.commitbench.core.load.BulkLoader;
import io.commitbench.core.load.RowSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;

/**
 * Loads rows through multi-row INSERTs ({@code INSERT ... VALUES (...), (...), ...}), as {@code
 * sysbench prepare} does on MySQL: the server parses one statement per {@value #ROWS_PER_STATEMENT}
 * rows. What {@link LoadDataLocalLoader} falls back to where {@code LOAD DATA LOCAL INFILE} is not
 * allowed.
 */
final class MultiRowInsertLoader implements BulkLoader {

  /** Rows per statement: about 100 KB of sysbench rows, far below max_allowed_packet's 16 MB default. */
  static final int ROWS_PER_STATEMENT = 500;

  @Override
  public String method() {
    return "multi-row INSERT";
  }

  @Override
  public long load(Connection connection, String qualifiedTable, List<String> columns, RowSource rows)
      throws SQLException {
    Object[][] buffer = new Object[ROWS_PER_STATEMENT][columns.size()];
    long written = 0;
    int filled = 0;
    try (PreparedStatement full = connection.prepareStatement(sql(qualifiedTable, columns, ROWS_PER_STATEMENT))) {
      while (rows.next(buffer[filled])) {
        if (++filled == ROWS_PER_STATEMENT) {
          bind(full, buffer, filled);
          full.executeUpdate();
          written += filled;
          filled = 0;
        }
      }
    }
    if (filled > 0) {
      try (PreparedStatement tail = connection.prepareStatement(sql(qualifiedTable, columns, filled))) {
        bind(tail, buffer, filled);
        tail.executeUpdate();
        written += filled;
      }
    }
    return written;
  }

  private static void bind(PreparedStatement statement, Object[][] buffer, int rows) throws SQLException {
    int p = 1;
    for (int r = 0; r < rows; r++) {
      for (Object value : buffer[r]) {
        statement.setObject(p++, value);
      }
    }
  }

  static String sql(String table, List<String> columns, int rows) {
    String row = "(" + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")";
    return "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES "
        + String.join(", ", Collections.nCopies(rows, row));
  }
}
