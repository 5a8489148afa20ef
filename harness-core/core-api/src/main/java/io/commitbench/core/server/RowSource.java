package io.commitbench.core.server;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Answers a read-only query with its rows. In a run it is a JDBC connection ({@link #of}); in a
 * unit test it is a function over recorded rows, so a dialect's counter parsing is tested
 * without a server.
 *
 * <pre>
 * RowSource recorded = sql -> sql.contains("v$sysstat") ? List.of(Row.of("name", "user commits", "value", 7)) : List.of();
 * </pre>
 */
@FunctionalInterface
public interface RowSource {

  /** Every row of {@code sql}. */
  List<Row> query(String sql) throws SQLException;

  /**
   * Runs each query as a plain statement on {@code connection}; values as {@link
   * ResultSet#getObject(int)} returns them, by lower-case column label.
   */
  static RowSource of(Connection connection) {
    return sql -> {
      try (Statement statement = connection.createStatement(); ResultSet rs = statement.executeQuery(sql)) {
        ResultSetMetaData meta = rs.getMetaData();
        List<Row> rows = new ArrayList<>();
        while (rs.next()) {
          Map<String, Object> columns = new LinkedHashMap<>();
          for (int i = 1; i <= meta.getColumnCount(); i++) {
            columns.put(meta.getColumnLabel(i), rs.getObject(i));
          }
          rows.add(new Row(columns));
        }
        return rows;
      }
    };
  }
}
