package io.commitbench.core.dialect;

import static io.commitbench.core.dialect.TableSpec.NUMBER_COLUMN;
import static io.commitbench.core.dialect.TableSpec.TEXT2_COLUMN;
import static io.commitbench.core.dialect.TableSpec.TEXT_COLUMN;

/**
 * The static SQL the actors run on one table, with JDBC parameters in this order:
 *
 * <ul>
 *   <li>{@code insert}: key, text, text2
 *   <li>{@code select}: key (returns the three attributes)
 *   <li>{@code update}: text, text2, key
 *   <li>{@code delete}: lowest key, highest key (inclusive range)
 * </ul>
 */
public record WorkloadSql(String insert, String select, String update, String delete) {

  /** Standard SQL that H2, PostgreSQL, MariaDB and Oracle all accept. */
  public static WorkloadSql ansi(String table) {
    return new WorkloadSql(
        "INSERT INTO " + table + " (" + NUMBER_COLUMN + ", " + TEXT_COLUMN + ", " + TEXT2_COLUMN
            + ") VALUES (?, ?, ?)",
        "SELECT " + NUMBER_COLUMN + ", " + TEXT_COLUMN + ", " + TEXT2_COLUMN + " FROM " + table
            + " WHERE " + NUMBER_COLUMN + " = ?",
        "UPDATE " + table + " SET " + TEXT_COLUMN + " = ?, " + TEXT2_COLUMN + " = ? WHERE "
            + NUMBER_COLUMN + " = ?",
        "DELETE FROM " + table + " WHERE " + NUMBER_COLUMN + " BETWEEN ? AND ?");
  }
}
