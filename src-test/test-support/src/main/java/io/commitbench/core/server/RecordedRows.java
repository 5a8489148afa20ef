package io.commitbench.core.server;

import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link RowSource} for unit tests of the dialects' counter parsing: each SQL text answers the
 * rows recorded for it (from a real server, or from the product's documentation), in order when
 * several answers are recorded, the last one repeating; a query nobody recorded fails like a
 * server would, and every query asked is kept so a test can check the exact SQL text.
 *
 * <pre>
 * RecordedRows db = new RecordedRows().answer(SYSSTAT_SQL, Row.of("name", "user commits", "value", 12));
 * CounterSnapshot s = counters.read(db);
 * assertThat(db.asked()).containsExactly(SYSSTAT_SQL);
 * </pre>
 *
 * <p>Not thread-safe; one per test.
 */
public final class RecordedRows implements RowSource {

  private final Map<String, Deque<Object>> answers = new LinkedHashMap<>();
  private final List<String> asked = new ArrayList<>();

  /** The next answer to {@code sql}: these rows (none for an empty result). */
  public RecordedRows answer(String sql, Row... rows) {
    answers.computeIfAbsent(sql, k -> new ArrayDeque<>()).add(List.of(rows));
    return this;
  }

  /** From now on {@code sql} answers only these rows: the answers recorded before are dropped. */
  public RecordedRows answerInstead(String sql, Row... rows) {
    answers.remove(sql);
    return answer(sql, rows);
  }

  /** The next answer to {@code sql}: this error, as the server would raise it. */
  public RecordedRows fail(String sql, SQLException error) {
    answers.computeIfAbsent(sql, k -> new ArrayDeque<>()).add(error);
    return this;
  }

  @Override
  @SuppressWarnings("unchecked")
  public List<Row> query(String sql) throws SQLException {
    asked.add(sql);
    Deque<Object> queue = answers.get(sql);
    if (queue == null) {
      throw new SQLException("no recorded answer for: " + sql, "42000");
    }
    Object answer = queue.size() > 1 ? queue.poll() : queue.peek();
    if (answer instanceof SQLException e) {
      throw e;
    }
    return (List<Row>) answer;
  }

  /** Every SQL text asked, in order. */
  public List<String> asked() {
    return Collections.unmodifiableList(asked);
  }
}
