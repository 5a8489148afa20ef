package io.commitbench.driver.oracle;

import io.commitbench.core.server.RecordedRows;
import io.commitbench.core.server.Row;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A JDBC connection that runs nothing: it writes down what a loader or the admin does
 * (auto-commit, prepare, batches, execute, commit, rollback) and answers each query with the rows
 * recorded for its SQL text, in the shapes ojdbc returns (NUMBER as BigDecimal). Anything else
 * throws, so SQL sent some other way is caught.
 */
final class JdbcStandIn {

  private final RecordedRows rows;
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());
  private volatile List<Object> firstRow;
  private volatile boolean autoCommit = true;

  JdbcStandIn(RecordedRows rows) {
    this.rows = rows;
  }

  List<String> events() {
    return List.copyOf(events);
  }

  List<Object> firstRow() {
    return firstRow;
  }

  Connection connection() {
    return proxy(Connection.class, (p, m, a) -> switch (m.getName()) {
      case "setAutoCommit" -> {
        autoCommit = (Boolean) a[0];
        events.add("autocommit " + a[0]);
        yield null;
      }
      case "getAutoCommit" -> autoCommit;
      case "commit" -> {
        events.add("commit");
        yield null;
      }
      case "rollback" -> {
        events.add("rollback");
        yield null;
      }
      case "close" -> null;
      case "createStatement" -> statement();
      case "prepareStatement" -> {
        events.add("prepare " + a[0]);
        yield prepared();
      }
      default -> throw new UnsupportedOperationException("Connection." + m.getName());
    });
  }

  private Statement statement() {
    return proxy(Statement.class, (p, m, a) -> switch (m.getName()) {
      case "execute" -> {
        events.add("execute " + a[0]);
        yield false;
      }
      case "executeQuery" -> resultSet(rows.query((String) a[0]));
      case "close" -> null;
      default -> throw new UnsupportedOperationException("Statement." + m.getName());
    });
  }

  private PreparedStatement prepared() {
    Object[] row = new Object[10];
    int[] batched = {0};
    return proxy(PreparedStatement.class, (p, m, a) -> switch (m.getName()) {
      case "setObject" -> {
        row[(Integer) a[0] - 1] = a[1];
        yield null;
      }
      case "addBatch" -> {
        if (firstRow == null) {
          firstRow = Arrays.asList(row.clone());
        }
        batched[0]++;
        yield null;
      }
      case "executeBatch" -> {
        events.add("batch " + batched[0]);
        int[] counts = new int[batched[0]];
        Arrays.fill(counts, 1);
        batched[0] = 0;
        yield counts;
      }
      case "close" -> null;
      default -> throw new UnsupportedOperationException("PreparedStatement." + m.getName());
    });
  }

  private static ResultSet resultSet(List<Row> answer) {
    int[] at = {-1};
    List<List<Map.Entry<String, Object>>> table = answer.stream()
        .map(r -> List.copyOf(r.columns().entrySet())).toList();
    ResultSetMetaData meta = proxy(ResultSetMetaData.class, (p, m, a) -> switch (m.getName()) {
      case "getColumnCount" -> table.get(0).size();
      case "getColumnLabel" -> table.get(0).get((Integer) a[0] - 1).getKey();
      default -> throw new UnsupportedOperationException("ResultSetMetaData." + m.getName());
    });
    return proxy(ResultSet.class, (p, m, a) -> switch (m.getName()) {
      case "next" -> ++at[0] < table.size();
      case "getMetaData" -> meta;
      case "getObject" -> table.get(at[0]).get((Integer) a[0] - 1).getValue();
      case "getLong" -> ((Number) table.get(at[0]).get((Integer) a[0] - 1).getValue()).longValue();
      case "getBigDecimal" -> (BigDecimal) table.get(at[0]).get((Integer) a[0] - 1).getValue();
      case "close" -> null;
      default -> throw new UnsupportedOperationException("ResultSet." + m.getName());
    });
  }

  @SuppressWarnings("unchecked")
  private static <T> T proxy(Class<T> type, InvocationHandler handler) {
    return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler);
  }
}
