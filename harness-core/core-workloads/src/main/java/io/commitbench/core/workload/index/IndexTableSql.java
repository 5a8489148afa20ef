package io.commitbench.core.workload.index;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import java.util.List;

/**
 * The index test's table in the dialect's words: a random 8-byte key as the primary key and
 * about 52 bytes of simple fields, after the tick records of Tronkov's Database Benchmark: {@code
 * k} (8), {@code ts} (8), {@code bid} and {@code ask} (8 each), {@code bid_size} and {@code
 * ask_size} (4 each), {@code symbol} and {@code provider} (6 characters each).
 */
final class IndexTableSql {

  static final String KEY = "k";
  /** The columns an INSERT fills and a read returns, in order. */
  static final List<String> COLUMNS = List.of(KEY, "ts", "bid", "ask", "bid_size", "ask_size", "symbol", "provider");
  /** The declared length of symbol and provider. */
  static final int TEXT_LENGTH = 8;

  private IndexTableSql() {}

  static String createTable(Dialect dialect, TableSpec table) {
    String options = dialect.tableOptions();
    String bigint = dialect.bigintType();
    String text = dialect.varcharType() + "(" + TEXT_LENGTH + ")";
    return "CREATE TABLE " + table.qualifiedName() + " (" + KEY + " " + bigint + " NOT NULL, ts " + bigint
        + " NOT NULL, bid DOUBLE PRECISION NOT NULL, ask DOUBLE PRECISION NOT NULL, bid_size INTEGER NOT NULL,"
        + " ask_size INTEGER NOT NULL, symbol " + text + " NOT NULL, provider " + text + " NOT NULL, PRIMARY KEY ("
        + KEY + "))" + (options.isEmpty() ? "" : " " + options);
  }

  static String insert(Dialect dialect, TableSpec table, int rows) {
    return dialect.multiRowInsert(table.qualifiedName(), COLUMNS, rows);
  }

  /**
   * The next page of a user's part of the key range, in key order: keys from the first parameter
   * to the second, at most {@code page} of them (the standard's FETCH FIRST, which all four
   * products take).
   */
  static String readPage(TableSpec table, int page) {
    return "SELECT " + String.join(", ", COLUMNS) + " FROM " + table.qualifiedName() + " WHERE " + KEY
        + " >= ? AND " + KEY + " <= ? ORDER BY " + KEY + " FETCH FIRST " + page + " ROWS ONLY";
  }
}
