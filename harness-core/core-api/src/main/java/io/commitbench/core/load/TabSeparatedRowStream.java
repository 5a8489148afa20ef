package io.commitbench.core.load;

import java.io.InputStream;

/**
 * A {@link RowSource} read as a stream of {@link TabSeparatedText} bytes, generated as the reader
 * asks for them: for a driver that sends a client-side file from an {@link InputStream} (MariaDB's
 * {@code LOAD DATA LOCAL INFILE}), so no chunk is held in memory or written to disk. Counts the
 * rows it gave, which the caller compares with the rows the server says it took. Confined to the
 * reading thread.
 *
 * <pre>
 * TabSeparatedRowStream stream = new TabSeparatedRowStream(source, 4, 1 &lt;&lt; 16, 8188);
 * driverStatement.setLocalInfileInputStream(stream);
 * long taken = statement.executeLargeUpdate("LOAD DATA LOCAL INFILE ...");
 * if (taken != stream.rows()) ...
 * </pre>
 */
public final class TabSeparatedRowStream extends InputStream {

  private final RowSource source;
  private final Object[] row;
  private final int refillBytes;
  private final int maxReadBytes;
  private final TabSeparatedText text;
  private int position;
  private long rows;
  private boolean exhausted;

  /**
   * @param columns values per row
   * @param refillBytes rows are encoded until at least this many bytes are buffered
   * @param maxReadBytes a read gives at most this many bytes, however many the reader asks for
   */
  public TabSeparatedRowStream(RowSource source, int columns, int refillBytes, int maxReadBytes) {
    if (columns < 1 || refillBytes < 1 || maxReadBytes < 1) {
      throw new IllegalArgumentException("columns, refillBytes and maxReadBytes must be at least 1, not "
          + columns + ", " + refillBytes + " and " + maxReadBytes);
    }
    this.source = source;
    this.row = new Object[columns];
    this.refillBytes = refillBytes;
    this.maxReadBytes = maxReadBytes;
    this.text = new TabSeparatedText(refillBytes + refillBytes / 4);
  }

  /** The rows encoded so far: all of them once the stream has answered end of stream. */
  public long rows() {
    return rows;
  }

  @Override
  public int read() {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] into, int offset, int length) {
    if (length == 0) {
      return 0;
    }
    if (position == text.length() && !refill()) {
      return -1;
    }
    int n = Math.min(Math.min(length, maxReadBytes), text.length() - position);
    System.arraycopy(text.bytes(), position, into, offset, n);
    position += n;
    return n;
  }

  /** Encodes the next rows into the emptied buffer; false when there are none left. */
  private boolean refill() {
    text.clear();
    position = 0;
    while (!exhausted && text.length() < refillBytes) {
      if (source.next(row)) {
        text.row(row);
        rows++;
      } else {
        exhausted = true;
      }
    }
    return text.length() > 0;
  }
}
