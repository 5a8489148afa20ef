package io.commitbench.driver.postgresql;

import io.commitbench.core.load.BulkLoader;
import io.commitbench.core.load.RowSource;
import io.commitbench.core.load.TabSeparatedText;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Loads rows through {@code COPY ... FROM STDIN} in text format, with the driver's {@code
 * CopyManager}: one statement per chunk, the rows streamed in buffers, so the server parses no SQL
 * per row (what {@code pgbench -i} does too).
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
    CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI()
        .copyIn("COPY " + qualifiedTable + " (" + String.join(", ", columns) + ") FROM STDIN");
    Object[] row = new Object[columns.size()];
    TabSeparatedText text = new TabSeparatedText(BUFFER_BYTES + BUFFER_BYTES / 4);
    long written = 0;
    try {
      while (rows.next(row)) {
        text.row(row);
        written++;
        if (text.length() >= BUFFER_BYTES) {
          send(copy, text);
        }
      }
      send(copy, text);
      copy.endCopy();
    } finally {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
    }
    return written;
  }

  private static void send(CopyIn copy, TabSeparatedText text) throws SQLException {
    copy.writeToCopy(text.bytes(), 0, text.length());
    text.clear();
  }
}
