package io.commitbench.core.workload.script;

import java.util.Arrays;

/** A script's text and its file's label, turning offsets into the line:column positions of messages. */
final class ScriptText {

  private final String file;
  private final String text;
  private final int[] lineStarts;

  ScriptText(String file, String text) {
    this.file = file;
    this.text = text;
    int lines = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        lines++;
      }
    }
    lineStarts = new int[lines];
    int line = 1;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        lineStarts[line++] = i + 1;
      }
    }
  }

  String text() {
    return text;
  }

  int length() {
    return text.length();
  }

  char charAt(int offset) {
    return text.charAt(offset);
  }

  /** The character at {@code offset}, or NUL past the end, so look-ahead needs no bounds checks. */
  char peek(int offset) {
    return offset < text.length() ? text.charAt(offset) : '\0';
  }

  /** The 1-based line and column (in characters) of {@code offset}; the end of the text is a position too. */
  SourcePosition position(int offset) {
    int index = Arrays.binarySearch(lineStarts, offset);
    int line = index >= 0 ? index : -index - 2;
    return new SourcePosition(file, line + 1, offset - lineStarts[line] + 1);
  }

  ScriptSyntaxException error(int offset, String problem, String allowed) {
    return new ScriptSyntaxException(position(offset), problem, allowed);
  }
}
