package io.commitbench.driver.postgresql;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Rows in COPY's text format, encoded straight into a growing byte buffer: values separated by
 * tabs, rows ended by a newline, a backslash, tab, newline or carriage return in a value escaped
 * with a backslash. Integers are written digit by digit and ASCII text byte by byte, so a row
 * costs no intermediate strings; other text goes through UTF-8 (whose multi-byte sequences never
 * hold those four ASCII bytes, so escaping the encoded bytes is exact). Confined to one thread.
 */
final class CopyText {

  private byte[] bytes;
  private int length;

  CopyText(int capacity) {
    this.bytes = new byte[capacity];
  }

  /** Appends one row; a value is written as {@link String#valueOf} gives it. */
  void row(Object[] values) {
    for (int c = 0; c < values.length; c++) {
      if (c > 0) {
        put((byte) '\t');
      }
      Object value = values[c];
      if (value instanceof Integer i) {
        integer(i);
      } else if (value instanceof Long l) {
        integer(l);
      } else {
        text(String.valueOf(value));
      }
    }
    put((byte) '\n');
  }

  byte[] bytes() {
    return bytes;
  }

  int length() {
    return length;
  }

  void clear() {
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

  /** One byte, escaped as COPY's text format needs; room for two is already made. */
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
