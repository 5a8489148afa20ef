package io.commitbench.core.workload.oltp;

import io.commitbench.core.measure.OperationKind;

/**
 * The statements of the OLTP scripts, as {@code stmt_defs} in sysbench 1.0.20's {@code
 * oltp_common.lua} defines them (and {@code oltp_insert.lua} its insert with a generated id), for
 * one table {@code %s}. Each is a read or a write in sysbench's query count.
 */
enum Statement {
  POINT_SELECT(OperationKind.SELECT, "SELECT c FROM %s WHERE id=?"),
  SIMPLE_RANGE(OperationKind.SELECT, "SELECT c FROM %s WHERE id BETWEEN ? AND ?"),
  SUM_RANGE(OperationKind.SELECT, "SELECT SUM(k) FROM %s WHERE id BETWEEN ? AND ?"),
  ORDER_RANGE(OperationKind.SELECT, "SELECT c FROM %s WHERE id BETWEEN ? AND ? ORDER BY c"),
  DISTINCT_RANGE(OperationKind.SELECT, "SELECT DISTINCT c FROM %s WHERE id BETWEEN ? AND ? ORDER BY c"),
  INDEX_UPDATE(OperationKind.UPDATE, "UPDATE %s SET k=k+1 WHERE id=?"),
  NON_INDEX_UPDATE(OperationKind.UPDATE, "UPDATE %s SET c=? WHERE id=?"),
  DELETE(OperationKind.DELETE, "DELETE FROM %s WHERE id=?"),
  INSERT(OperationKind.INSERT, "INSERT INTO %s (id, k, c, pad) VALUES (?, ?, ?, ?)"),
  /**
   * oltp_insert with sysbench's default {@code --auto-inc=on}: the id comes from the column's
   * sequence. sysbench sends {@code id} 0 to MySQL (which then generates one) and leaves the
   * column out for PostgreSQL; leaving it out means the same on every product.
   */
  AUTO_ID_INSERT(OperationKind.INSERT, "INSERT INTO %s (k, c, pad) VALUES (?, ?, ?)");

  private final OperationKind kind;
  private final String template;

  Statement(OperationKind kind, String template) {
    this.kind = kind;
    this.template = template;
  }

  OperationKind kind() {
    return kind;
  }

  String sql(String qualifiedTable) {
    return String.format(template, qualifiedTable);
  }
}
