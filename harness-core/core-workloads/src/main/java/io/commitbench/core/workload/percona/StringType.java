package io.commitbench.core.workload.percona;

import io.commitbench.core.dialect.Dialect;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The type of the read-only table's string columns ({@code percona.strings}). */
enum StringType {
  CHAR,
  VARCHAR;

  String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  static List<String> labels() {
    return Arrays.stream(values()).map(StringType::label).toList();
  }

  static StringType parse(String label) {
    return valueOf(label.toUpperCase(Locale.ROOT));
  }

  /** The column type of {@code length} characters in the dialect's words. */
  String column(Dialect dialect, int length) {
    return (this == CHAR ? "CHAR" : dialect.varcharType()) + "(" + length + ")";
  }

  /**
   * A string parameter compared with a column of this type. A char column is compared with a
   * value cast to its type: PostgreSQL compares a bpchar column with a varchar parameter as text,
   * which its index on the column cannot serve.
   */
  String parameter(int length) {
    return this == CHAR ? "CAST(? AS CHAR(" + length + "))" : "?";
  }
}
