package io.commitbench.core.workload.commit;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import java.util.List;

/** The commit workload's table, {@code (id, payload)}, and its statements, in the dialect's types. */
final class CommitTableSql {

  static final String ID = "id";
  static final String PAYLOAD = "payload";

  private CommitTableSql() {}

  static List<String> create(Dialect dialect, TableSpec table) {
    String options = dialect.tableOptions();
    return List.of("CREATE TABLE " + table.qualifiedName() + " (" + ID + " " + dialect.bigintType()
        + " NOT NULL PRIMARY KEY, " + PAYLOAD + " " + dialect.varcharType() + "(" + table.textLength() + "))"
        + (options.isEmpty() ? "" : " " + options));
  }

  static String insert(TableSpec table) {
    return "INSERT INTO " + table.qualifiedName() + " (" + ID + ", " + PAYLOAD + ") VALUES (?, ?)";
  }

  /** Parameters in the same order as the insert's: key, payload. */
  static String update(TableSpec table) {
    return "UPDATE " + table.qualifiedName() + " SET " + PAYLOAD + " = ? WHERE " + ID + " = ?";
  }
}
