package io.commitbench.driver.postgresql;

import io.commitbench.core.load.BulkLoader;
import io.commitbench.core.load.RowSource;
import io.commitbench.core.load.TabSeparatedRowStream;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.postgresql.PGConnection;

/**
 * Loads rows through {@code COPY ... FROM STDIN} in text format, with the driver's {@code
 * CopyManager} reading them from a {@link TabSeparatedRowStream} (as MariaDB's loader does): one
 * statement per chunk, the rows generated as they are sent, so the server parses no SQL per row
 * (what {@code pgbench -i} does too). The driver cancels the COPY when it fails.
 */
final class CopyLoader implements BulkLoader {

  /** Bytes handed to the driver at a time: big enough to fill a network packet many times over. */
  private static final int BUFFER_BYTES = 1 << 16;

  @Override
  public String method() {
    return "COPY FROM STDIN";
  }

  @Override
  public long load(Connection connection, String qualifiedTable, List<String> columns, RowSource rows)
      throws SQLException {
    TabSeparatedRowStream stream = new TabSeparatedRowStream(rows, columns.size(), BUFFER_BYTES, BUFFER_BYTES);
    try {
      connection.unwrap(PGConnection.class).getCopyAPI()
          .copyIn("COPY " + qualifiedTable + " (" + String.join(", ", columns) + ") FROM STDIN", stream, BUFFER_BYTES);
    } catch (IOException e) {
      throw new SQLException("COPY into " + qualifiedTable + " failed: " + e.getMessage(), e);
    }
    return stream.rows();
  }
}
