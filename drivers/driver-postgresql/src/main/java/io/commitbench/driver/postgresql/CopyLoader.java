package io.commitbench.driver.postgresql;

import io.commitbench.core.load.BulkLoader;
import io.commitbench.core.load.RowSource;
import java.nio.charset.StandardCharsets;
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
    StringBuilder text = new StringBuilder(BUFFER_BYTES + BUFFER_BYTES / 4);
    long written = 0;
    try {
      while (rows.next(row)) {
        for (int c = 0; c < row.length; c++) {
          if (c > 0) {
            text.append('\t');
          }
          escape(String.valueOf(row[c]), text);
        }
        text.append('\n');
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

  private static void send(CopyIn copy, StringBuilder text) throws SQLException {
    byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
    copy.writeToCopy(bytes, 0, bytes.length);
    text.setLength(0);
  }

  /** COPY's text format: a backslash, tab, newline or carriage return in a value is escaped. */
  static void escape(String value, StringBuilder out) {
    for (int i = 0; i < value.length(); i++) {
      char ch = value.charAt(i);
      switch (ch) {
        case '\\' -> out.append("\\\\");
        case '\t' -> out.append("\\t");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        default -> out.append(ch);
      }
    }
  }
}
