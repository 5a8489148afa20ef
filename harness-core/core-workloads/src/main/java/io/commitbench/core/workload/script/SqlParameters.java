package io.commitbench.core.workload.script;

import java.util.ArrayList;
import java.util.List;

/**
 * A SQL command's {@code :name} variables turned into JDBC's {@code ?}, as pgbench 15's {@code
 * parseQuery} turns them into {@code $1, $2, ...} for {@code -M extended|prepared}: every colon followed
 * by a name character starts a variable (its name: the ASCII letters, digits, underscores and non-ASCII
 * characters that follow, as pgbench 15's {@code parseVariable}), and a colon followed by another colon
 * is skipped with the colons after it ({@code ::} casts). Like pgbench, it looks at the whole text:
 * {@code :name} inside quotes and {@code /* *}{@code /} comments becomes a parameter too, and so does
 * {@code :30} in {@code '12:30'}.
 *
 * @param jdbcSql the text with a {@code ?} for each variable
 * @param names the variables, in the order of the {@code ?}s
 * @param offsets for each variable, its colon's offset in the script
 */
record SqlParameters(String jdbcSql, List<String> names, List<Integer> offsets) {

  SqlParameters {
    names = List.copyOf(names);
    offsets = List.copyOf(offsets);
  }

  static SqlParameters of(String text, int[] sourceOffsets) {
    StringBuilder sql = new StringBuilder(text.length());
    List<String> names = new ArrayList<>();
    List<Integer> offsets = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c != ':') {
        sql.append(c);
        i++;
        continue;
      }
      int end = i + 1;
      while (end < text.length() && isNameChar(text.charAt(end))) {
        end++;
      }
      if (end > i + 1) {
        names.add(text.substring(i + 1, end));
        offsets.add(sourceOffsets[i]);
        sql.append('?');
        i = end;
      } else {
        while (i < text.length() && text.charAt(i) == ':') {
          sql.append(':');
          i++;
        }
      }
    }
    return new SqlParameters(sql.toString(), names, offsets);
  }

  /** pgbench's variable-name characters: ASCII letters, digits, underscore, and any non-ASCII character. */
  static boolean isNameChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
  }

  /** pgbench's {@code valid_variable_name}: name characters, not starting with a digit. */
  static boolean isValidName(String name) {
    if (name.isEmpty() || (name.charAt(0) >= '0' && name.charAt(0) <= '9')) {
      return false;
    }
    return name.chars().allMatch(c -> isNameChar((char) c));
  }
}
