package io.commitbench.core.workload.script;

import java.util.ArrayList;
import java.util.List;

/**
 * The statements of a plain SQL file ({@code script.prepare}): split at each {@code ;} that is
 * not inside a quoted string ({@code '...'}), a quoted name ({@code "..."}, {@code `...`}) or a
 * comment ({@code -- ...}, {@code /* ... *&#47;}); each trimmed, empty ones dropped, comments kept
 * where the server reads them.
 */
final class SqlFile {

  private SqlFile() {}

  static List<String> statements(String text) {
    List<String> statements = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int i = 0;
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      int end;
      if (c == '\'' || c == '"' || c == '`') {
        end = closing(text, i + 1, c);
      } else if (text.startsWith("--", i)) {
        int newline = text.indexOf('\n', i);
        end = newline < 0 ? n : newline;
      } else if (text.startsWith("/*", i)) {
        int close = text.indexOf("*/", i + 2);
        end = close < 0 ? n : close + 2;
      } else if (c == ';') {
        add(statements, current);
        current.setLength(0);
        i++;
        continue;
      } else {
        end = i + 1;
      }
      current.append(text, i, end);
      i = end;
    }
    add(statements, current);
    return statements;
  }

  /** After the quote that ends a quoted part opened by {@code quote}; a doubled quote is part of it. */
  private static int closing(String text, int from, char quote) {
    int i = from;
    while (i < text.length()) {
      if (text.charAt(i) == quote) {
        if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return text.length();
  }

  private static void add(List<String> statements, StringBuilder statement) {
    String text = statement.toString().strip();
    if (!text.isEmpty() && !onlyComments(text)) {
      statements.add(text);
    }
  }

  /** Whether nothing but comments and white space is left: a comment after the last statement. */
  private static boolean onlyComments(String text) {
    return text.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("--[^\n]*", "").isBlank();
  }
}
