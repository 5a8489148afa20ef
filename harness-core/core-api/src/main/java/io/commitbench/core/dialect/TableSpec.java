package io.commitbench.core.dialect;

/**
 * One central table of the paper's testframe: three indexed attributes, a number that holds
 * the row key and two varchars.
 *
 * @param name unqualified table name, a lower-case identifier such as {@code cb_table_1}
 * @param qualifier schema or database the table lives in; empty for the connection's default
 * @param qualifiedName how every user names it in SQL (from {@link Dialect#qualifiedName})
 * @param textLength the declared length of the two varchar columns
 */
public record TableSpec(String name, String qualifier, String qualifiedName, int textLength) {

  /** The number attribute; it holds each row's key and has a unique index. */
  public static final String NUMBER_COLUMN = "num_attr";
  /** The first varchar attribute, indexed. */
  public static final String TEXT_COLUMN = "text_attr";
  /** The second varchar attribute (varchar2 on Oracle), indexed. */
  public static final String TEXT2_COLUMN = "text2_attr";

  /** Index names derived from the table name, so each table's indexes are distinct. */
  public String indexName(String column) {
    return name + "_" + column.replace("_attr", "") + "_ix";
  }
}
