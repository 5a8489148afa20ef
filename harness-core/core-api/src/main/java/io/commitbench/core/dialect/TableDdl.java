package io.commitbench.core.dialect;

import static io.commitbench.core.dialect.TableSpec.NUMBER_COLUMN;
import static io.commitbench.core.dialect.TableSpec.TEXT2_COLUMN;
import static io.commitbench.core.dialect.TableSpec.TEXT_COLUMN;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The testframe table's DDL, with what differs between products as parameters: column types, a
 * table option, how an index is named. A dialect calls it from {@link Dialect#createTableStatements}.
 *
 * @param numberType type of the number attribute ({@code BIGINT}, {@code NUMBER(19)})
 * @param text2Type type name of the second varchar ({@code VARCHAR}, {@code VARCHAR2})
 * @param tableOptions text after the column list ({@code ENGINE=InnoDB}), or empty
 * @param indexName turns an index's plain name into how CREATE INDEX names it (e.g. schema-qualified)
 */
public record TableDdl(String numberType, String text2Type, String tableOptions, UnaryOperator<String> indexName) {

  /** The CREATE TABLE and its three CREATE INDEX statements (a unique one on the number). */
  public List<String> create(TableSpec table) {
    String on = " ON " + table.qualifiedName() + " (";
    String length = "(" + table.textLength() + ")";
    return List.of(
        "CREATE TABLE " + table.qualifiedName() + " (" + NUMBER_COLUMN + " " + numberType + " NOT NULL, "
            + TEXT_COLUMN + " VARCHAR" + length + ", " + TEXT2_COLUMN + " " + text2Type + length + ")"
            + (tableOptions.isEmpty() ? "" : " " + tableOptions),
        "CREATE UNIQUE INDEX " + indexName.apply(table.indexName(NUMBER_COLUMN)) + on + NUMBER_COLUMN + ")",
        "CREATE INDEX " + indexName.apply(table.indexName(TEXT_COLUMN)) + on + TEXT_COLUMN + ")",
        "CREATE INDEX " + indexName.apply(table.indexName(TEXT2_COLUMN)) + on + TEXT2_COLUMN + ")");
  }
}
