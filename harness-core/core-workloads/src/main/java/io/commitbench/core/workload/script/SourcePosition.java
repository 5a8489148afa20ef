package io.commitbench.core.workload.script;

/** Where a command or a problem is in a script: its file's name as given, 1-based line and column. */
public record SourcePosition(String file, int line, int column) {

  /** {@code checkout.sql:12:5}, as compilers and pgbench's users read positions. */
  @Override
  public String toString() {
    return file + ":" + line + ":" + column;
  }
}
