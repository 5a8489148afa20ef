package io.commitbench.core.workload.oltp;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import java.util.List;

/**
 * sysbench's {@code sbtest} table in the dialect's words, as {@code create_table} in {@code
 * oltp_common.lua} creates it with its defaults ({@code --auto-inc=on}, primary key on id,
 * {@code --create-secondary=on}): {@code id} generated, {@code k INTEGER DEFAULT 0 NOT NULL},
 * {@code c CHAR(120)}, {@code pad CHAR(60)}, and the secondary index on {@code k}, created after
 * the rows are loaded (as sysbench does too).
 */
final class OltpTableSql {

  static final String ID = "id";
  static final String K = "k";
  /** The columns a load fills, in order. */
  static final List<String> COLUMNS = List.of(ID, K, "c", "pad");
  /** The declared lengths of c and pad: the templates' lengths rounded up, as sysbench declares them. */
  static final int C_LENGTH = 120;
  static final int PAD_LENGTH = 60;

  private OltpTableSql() {}

  static String createTable(Dialect dialect, TableSpec table) {
    String options = dialect.tableOptions();
    return "CREATE TABLE " + table.qualifiedName() + " (" + ID + " " + dialect.generatedIntegerColumn() + ", "
        + K + " INTEGER DEFAULT 0 NOT NULL, c CHAR(" + C_LENGTH + ") DEFAULT '' NOT NULL, pad CHAR(" + PAD_LENGTH
        + ") DEFAULT '' NOT NULL, PRIMARY KEY (" + ID + "))" + (options.isEmpty() ? "" : " " + options);
  }

  /** sysbench names it {@code k_<N>}; here it is named after its table, as every index of a run is. */
  static String createSecondaryIndex(Dialect dialect, TableSpec table) {
    return "CREATE INDEX " + dialect.indexName(table, table.indexName(K)) + " ON " + table.qualifiedName() + " ("
        + K + ")";
  }

  static String maxId(TableSpec table) {
    return "SELECT MAX(" + ID + ") FROM " + table.qualifiedName();
  }
}
