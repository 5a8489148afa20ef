package io.commitbench.core.workload.script;

import io.commitbench.core.measure.OperationKind;
import java.util.Locale;

/**
 * How a script's SQL statement is sent and counted, from its first word: whether it returns rows
 * (sent with {@code executeQuery}) and the statement kind it is counted and timed as. A statement
 * whose rows go to {@code \gset} or {@code \aset} is a query whatever its first word ({@code
 * INSERT ... RETURNING}); one of no DML kind ({@code CREATE}, {@code SET}, {@code VACUUM}) is sent
 * with {@code executeUpdate} and counted as an update, the kind nearest to "changes something".
 *
 * @param kind the kind the engine counts it as
 * @param query whether it returns rows
 */
record SqlCall(OperationKind kind, boolean query) {

  static SqlCall of(ScriptCommand.Sql sql) {
    String word = firstWord(sql.jdbcSql());
    OperationKind kind = switch (word) {
      case "select", "with", "values", "table", "show", "explain" -> OperationKind.SELECT;
      case "insert", "copy", "replace" -> OperationKind.INSERT;
      case "delete", "truncate" -> OperationKind.DELETE;
      default -> OperationKind.UPDATE;
    };
    boolean query = sql.rowTarget() != null || kind == OperationKind.SELECT;
    return new SqlCall(kind, query);
  }

  /** The first word, lower case, after white space and comments. */
  static String firstWord(String sql) {
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c) || c == '(') {
        i++;
      } else if (sql.startsWith("--", i)) {
        int end = sql.indexOf('\n', i);
        i = end < 0 ? n : end + 1;
      } else if (sql.startsWith("/*", i)) {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else {
        break;
      }
    }
    int start = i;
    while (i < n && Character.isLetter(sql.charAt(i))) {
      i++;
    }
    return sql.substring(start, i).toLowerCase(Locale.ROOT);
  }
}
