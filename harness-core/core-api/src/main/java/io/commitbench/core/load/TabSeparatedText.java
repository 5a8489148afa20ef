package io.commitbench.core.load;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Rows as tab-separated text, encoded straight into a growing byte buffer: values separated by
 * tabs, rows ended by a newline, a backslash, tab, newline or carriage return in a value escaped
 * with a backslash. That is PostgreSQL's {@code COPY} text format and MariaDB's {@code LOAD DATA}
 * default ({@code FIELDS TERMINATED BY '\t' ESCAPED BY '\\' LINES TERMINATED BY '\n'}), so
 * both bulk loaders write it. Integers are written digit by digit and ASCII text byte by byte,
 * so a row costs no intermediate strings; other text goes through UTF-8 (whose multi-byte
 * sequences never hold those four ASCII bytes, so escaping the encoded bytes is exact). Values
 * are never null ({@link RowSource} gives none), so there is no {@code \N}. Confined to one
 * thread.
 *
 * <pre>
 * TabSeparatedText text = new TabSeparatedText(1 &lt;&lt; 16);
 * text.row(new Object[] {1, 42L, "abc"});
 * out.write(text.bytes(), 0, text.length());
 * text.clear();
 * </pre>
 */
public final class TabSeparatedText {

  private byte[] bytes;
  private int length;

  public TabSeparatedText(int capacity) {
    this.bytes = new byte[capacity];
  }

  /**
   * Appends one row; a value is written as {@link String#valueOf} gives it ({@link
   * java.math.BigDecimal} as {@link java.math.BigDecimal#toPlainString}), null as {@code \N}.
   */
  public void row(Object[] values) {
    for (int c = 0; c < values.length; c++) {
      if (c > 0) {
        put((byte) '\t');
      }
      Object value = values[c];
      if (value == null) {
        // The NULL marker of PostgreSQL's COPY text format and of MariaDB's LOAD DATA.
        put((byte) '\\');
        put((byte) 'N');
      } else if (value instanceof Integer i) {
        integer(i);
      } else if (value instanceof Long l) {
        integer(l);
      } else if (value instanceof java.math.BigDecimal d) {
        text(d.toPlainString());
      } else {
        text(String.valueOf(value));
      }
    }
    put((byte) '\n');
  }

  /** The buffer; its first {@link #length()} bytes are the rows appended since the last clear. */
  public byte[] bytes() {
    return bytes;
  }

  public int length() {
    return length;
  }

  public void clear() {
    length = 0;
  }

  private void integer(long value) {
    if (value == Long.MIN_VALUE) {
      text(Long.toString(value));
      return;
    }
    room(20);
    long rest = value;
    if (rest < 0) {
      bytes[length++] = '-';
      rest = -rest;
    }
    int first = length;
    do {
      bytes[length++] = (byte) ('0' + rest % 10);
      rest /= 10;
    } while (rest > 0);
    for (int a = first, b = length - 1; a < b; a++, b--) {
      byte swap = bytes[a];
      bytes[a] = bytes[b];
      bytes[b] = swap;
    }
  }

  private void text(String value) {
    room(2 * value.length());
    for (int i = 0; i < value.length(); i++) {
      char ch = value.charAt(i);
      if (ch >= 0x80) {
        encoded(value.substring(i).getBytes(StandardCharsets.UTF_8));
        return;
      }
      escaped((byte) ch);
    }
  }

  private void encoded(byte[] utf8) {
    room(2 * utf8.length);
    for (byte b : utf8) {
      escaped(b);
    }
  }

  /** One byte, escaped as the format needs; room for two is already made. */
  private void escaped(byte b) {
    switch (b) {
      case '\\' -> backslashAnd('\\');
      case '\t' -> backslashAnd('t');
      case '\n' -> backslashAnd('n');
      case '\r' -> backslashAnd('r');
      default -> bytes[length++] = b;
    }
  }

  private void backslashAnd(char letter) {
    bytes[length++] = '\\';
    bytes[length++] = (byte) letter;
  }

  private void put(byte b) {
    room(1);
    bytes[length++] = b;
  }

  private void room(int more) {
    if (length + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
    }
  }
}
