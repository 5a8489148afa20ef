package io.commitbench.driver.mariadb;

import io.commitbench.core.load.BulkLoader;
import io.commitbench.core.load.RowSource;
import io.commitbench.core.load.TabSeparatedRowStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.List;

/**
 * Loads rows through {@code LOAD DATA LOCAL INFILE}, the rows generated as the driver streams them
 * ({@link TabSeparatedRowStream}), so the server parses no SQL per row and the client binds no
 * parameters, which makes it faster than multi-row INSERTs ({@code scripts/bench/oltp-vs-sysbench.sh}
 * compares the loaders; see docs/performance.md). Both ends must allow it
 * (the server's {@code local_infile}, MariaDB's default, and the driver's {@code allowLocalInfile},
 * Connector/J 3's default); where either does not, the chunk goes through {@link
 * MultiRowInsertLoader} instead and {@link #method()} says so.
 *
 * <p>{@code LOCAL} makes the server skip rows it cannot take (a duplicate key, a value out of range)
 * with a warning instead of an error, so the rows it took are compared with the rows sent and any
 * warning fails the load.
 */
final class LoadDataLocalLoader implements BulkLoader {

  /** Bytes encoded per refill of the stream: many network packets' worth. */
  private static final int REFILL_BYTES = 1 << 16;

  /**
   * Bytes per read of the stream. Connector/J 3.5 reads a local file 8,192 bytes at a time into a
   * packet buffer of 8,192 bytes that holds a 4-byte header: a full read makes it allocate a 128 KB
   * buffer for that one packet, and drop it again when the packet is sent, a large share of the
   * loading JVM's CPU. A read that fits beside the header does not.
   */
  private static final int MAX_READ_BYTES = 8192 - 4;

  /** {@code innodb_autoinc_lock_mode} without a table-level lock for bulk inserts. */
  private static final int INTERLEAVED = 2;

  private final MultiRowInsertLoader fallback = new MultiRowInsertLoader();
  private volatile String fellBackBecause;

  @Override
  public String method() {
    String because = fellBackBecause;
    return because == null ? "LOAD DATA LOCAL INFILE" : fallback.method() + " (" + because + ")";
  }

  @Override
  public long load(Connection connection, String qualifiedTable, List<String> columns, RowSource rows)
      throws SQLException {
    String refusal = refusal(connection);
    if (refusal != null) {
      fellBackBecause = refusal;
      return fallback.load(connection, qualifiedTable, columns, rows);
    }
    TabSeparatedRowStream stream = new TabSeparatedRowStream(rows, columns.size(), REFILL_BYTES, MAX_READ_BYTES);
    try (Statement statement = connection.createStatement()) {
      statement.unwrap(org.mariadb.jdbc.Statement.class).setLocalInfileInputStream(stream);
      long taken = statement.executeLargeUpdate(sql(qualifiedTable, columns));
      SQLWarning warning = statement.getWarnings();
      if (taken != stream.rows() || warning != null) {
        throw new SQLException(String.format("LOAD DATA LOCAL INFILE into %s took %,d of the %,d rows sent%s", qualifiedTable,
            taken, stream.rows(), warning == null ? "" : "; first warning: " + warning.getMessage()));
      }
      return taken;
    }
  }

  /**
   * {@code LOAD DATA} into a table with an AUTO_INCREMENT column holds InnoDB's table-level AUTO-INC
   * lock until the statement ends, unless the server's {@code innodb_autoinc_lock_mode} is 2
   * (interleaved), even when every row brings its id: connections loading one table take turns on
   * that lock ({@code SHOW ENGINE INNODB STATUS} shows them waiting) and load no faster together
   * than one connection alone.
   */
  @Override
  public String oneConnectionReason(Connection connection, String qualifiedTable) throws SQLException {
    if (refusal(connection) != null) {
      return null; // multi-row INSERTs: simple inserts, which take no table lock
    }
    int lockMode = globalNumber(connection, "innodb_autoinc_lock_mode", INTERLEAVED);
    if (lockMode == INTERLEAVED || !hasAutoIncrement(connection, qualifiedTable)) {
      return null;
    }
    return "LOAD DATA into a table with AUTO_INCREMENT holds InnoDB's AUTO-INC lock until it ends at"
        + " innodb_autoinc_lock_mode=" + lockMode;
  }

  /** A numeric server variable's global value ({@code ON} reads as 1), or {@code absent} without a row. */
  private static int globalNumber(Connection connection, String variable, int absent) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT @@GLOBAL." + variable)) {
      return result.next() ? result.getInt(1) : absent;
    }
  }

  private static boolean hasAutoIncrement(Connection connection, String qualifiedTable) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT * FROM " + qualifiedTable + " WHERE 1 = 0")) {
      ResultSetMetaData columns = result.getMetaData();
      for (int i = 1; i <= columns.getColumnCount(); i++) {
        if (columns.isAutoIncrement(i)) {
          return true;
        }
      }
      return false;
    }
  }

  /** Why this connection cannot load from a client-side stream, or null when it can. */
  private static String refusal(Connection connection) throws SQLException {
    if (!connection.unwrap(org.mariadb.jdbc.Connection.class).getContext().getConf().allowLocalInfile()) {
      return "the JDBC URL sets allowLocalInfile=false";
    }
    return globalNumber(connection, "local_infile", 0) != 0 ? null : "the server's local_infile is OFF";
  }

  /** The file's name is only a label: the driver sends the stream whatever the server asks for. */
  static String sql(String table, List<String> columns) {
    return "LOAD DATA LOCAL INFILE 'commitbench-rows.tsv' INTO TABLE " + table + " CHARACTER SET utf8mb4"
        + " FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (" + String.join(", ", columns) + ")";
  }
}
