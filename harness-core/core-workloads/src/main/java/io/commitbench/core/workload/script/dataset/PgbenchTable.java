package io.commitbench.core.workload.script.dataset;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import java.util.List;

/**
 * pgbench's four tables as {@code initCreateTables} in pgbench 15's {@code pgbench.c} declares
 * them, in the dialect's words: {@code int} columns as INTEGER, the account ids (in accounts and
 * history) as the dialect's 64-bit type from scale {@value #SCALE_64BIT_IDS} on, where pgbench
 * switches to {@code bigint}; the fillers {@code char(n)}. pgbench adds {@code with
 * (fillfactor=100)}, PostgreSQL's default, which is left out. Each table gets its primary key after
 * its rows, as pgbench's "p" step ({@code initCreatePKeys}) adds it; history has none.
 */
enum PgbenchTable {

  BRANCHES("bid", 1, 88, List.of("bid", "bbalance")) {
    @Override
    String columns(Dialect dialect, boolean bigIds) {
      return "bid INTEGER NOT NULL, bbalance INTEGER, filler CHAR(88)";
    }
  },
  TELLERS("tid", 10, 84, List.of("tid", "bid", "tbalance")) {
    @Override
    String columns(Dialect dialect, boolean bigIds) {
      return "tid INTEGER NOT NULL, bid INTEGER, tbalance INTEGER, filler CHAR(84)";
    }
  },
  ACCOUNTS("aid", 100_000, 84, List.of("aid", "bid", "abalance", "filler")) {
    @Override
    String columns(Dialect dialect, boolean bigIds) {
      return "aid " + idType(dialect, bigIds) + " NOT NULL, bid INTEGER, abalance INTEGER, filler CHAR(84)";
    }
  },
  HISTORY(null, 0, 22, List.of()) {
    @Override
    String columns(Dialect dialect, boolean bigIds) {
      return "tid INTEGER, bid INTEGER, aid " + idType(dialect, bigIds)
          + ", delta INTEGER, mtime TIMESTAMP, filler CHAR(22)";
    }
  };

  /** pgbench's {@code SCALE_32BIT_THRESHOLD}: from this scale on, account ids are declared 64-bit. */
  static final int SCALE_64BIT_IDS = 20_000;

  /** The primary key's column; null for history, which has none. */
  final String key;
  /** Rows per unit of scale, as pgbench's {@code nbranches}, {@code ntellers} and {@code naccounts}. */
  final long rowsPerScale;
  /** The declared width of the filler column. */
  final int fillerWidth;
  /** The columns a load fills, in order; the others stay NULL, as pgbench leaves them. */
  final List<String> loadColumns;

  PgbenchTable(String key, long rowsPerScale, int fillerWidth, List<String> loadColumns) {
    this.key = key;
    this.rowsPerScale = rowsPerScale;
    this.fillerWidth = fillerWidth;
    this.loadColumns = loadColumns;
  }

  /** The column list of the CREATE TABLE. */
  abstract String columns(Dialect dialect, boolean bigIds);

  /** The table's unqualified name in this run. */
  String name(PgbenchTables names) {
    return switch (this) {
      case BRANCHES -> names.branches();
      case TELLERS -> names.tellers();
      case ACCOUNTS -> names.accounts();
      case HISTORY -> names.history();
    };
  }

  String createTable(Dialect dialect, TableSpec table, int scale) {
    String options = dialect.tableOptions();
    return "CREATE TABLE " + table.qualifiedName() + " (" + columns(dialect, scale >= SCALE_64BIT_IDS) + ")"
        + (options.isEmpty() ? "" : " " + options);
  }

  /**
   * The primary key as pgbench's "p" step adds it, named as PostgreSQL names it by default ({@code
   * <table>_pkey}), so pgbench's own names come out for pgbench's tables and the names stay distinct
   * for tables named otherwise; cut to the dialect's longest name. MariaDB ignores the name (a
   * primary key is always {@code PRIMARY} there).
   */
  String addPrimaryKey(Dialect dialect, TableSpec table) {
    String suffix = "_pkey";
    String base = table.name();
    int room = dialect.maxIdentifierLength() - suffix.length();
    String name = (base.length() > room ? base.substring(0, Math.max(1, room)) : base) + suffix;
    return "ALTER TABLE " + table.qualifiedName() + " ADD CONSTRAINT " + name + " PRIMARY KEY (" + key + ")";
  }

  private static String idType(Dialect dialect, boolean bigIds) {
    return bigIds ? dialect.bigintType() : "INTEGER";
  }
}
