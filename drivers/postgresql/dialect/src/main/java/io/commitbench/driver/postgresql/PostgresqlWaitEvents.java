package io.commitbench.driver.postgresql;

import io.commitbench.core.breakdown.CommitParts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which of PostgreSQL's wait events ({@code wait_event_type:wait_event}) belong to which part of a
 * commit. A backend that commits inserts its commit record (LWLock:WALInsert), then either writes
 * and syncs the WAL itself (IO:WALWrite, IO:WALSync) or waits for the backend that holds the
 * flush and whose flush covers its record (LWLock:WALWrite), then waits for a synchronous standby
 * (IPC:SyncRep). A flush that crosses into a WAL segment nobody has created yet creates and zeroes
 * it first (IO:WALInitWrite, IO:WALInitSync): that time is also spent writing and syncing the log
 * for the commit, so it counts to the same parts. PostgreSQL 12 and older named the two locks
 * WALWriteLock and wal_insert.
 */
final class PostgresqlWaitEvents {

  /** Event to part, in the order the parts' sources list them. */
  static final Map<String, String> PART_OF_EVENT = partOfEvent();

  /** The parts these events measure. */
  static final List<String> PARTS = List.of(CommitParts.LOG_WRITE, CommitParts.LOG_SYNC,
      CommitParts.GROUP_COMMIT_WAIT, CommitParts.LOG_INSERT, CommitParts.SYNC_REPLICATION);

  private static Map<String, String> partOfEvent() {
    Map<String, String> map = new LinkedHashMap<>();
    map.put("IO:WALWrite", CommitParts.LOG_WRITE);
    map.put("IO:WALInitWrite", CommitParts.LOG_WRITE);
    map.put("IO:WALSync", CommitParts.LOG_SYNC);
    map.put("IO:WALInitSync", CommitParts.LOG_SYNC);
    map.put("LWLock:WALWrite", CommitParts.GROUP_COMMIT_WAIT);
    map.put("LWLock:WALWriteLock", CommitParts.GROUP_COMMIT_WAIT);
    map.put("LWLock:WALInsert", CommitParts.LOG_INSERT);
    map.put("LWLock:wal_insert", CommitParts.LOG_INSERT);
    map.put("IPC:SyncRep", CommitParts.SYNC_REPLICATION);
    return java.util.Collections.unmodifiableMap(map);
  }

  /** {@code IO:WALSync} from a row's type and name; {@code CPU} for a backend that waits for nothing. */
  static String key(String type, String event) {
    return type == null || event == null ? "CPU" : type + ":" + event;
  }

  /** The events of {@code part}, in the order of {@link #PART_OF_EVENT}. */
  static List<String> eventsOf(String part) {
    return PART_OF_EVENT.entrySet().stream().filter(e -> e.getValue().equals(part)).map(Map.Entry::getKey).toList();
  }

  /** The SQL list of the mapped events, for {@code (event_type, event) IN (...)}. */
  static String sqlList() {
    StringBuilder sql = new StringBuilder();
    for (String key : PART_OF_EVENT.keySet()) {
      int colon = key.indexOf(':');
      sql.append(sql.length() == 0 ? "" : ", ").append("('").append(key, 0, colon).append("', '")
          .append(key.substring(colon + 1)).append("')");
    }
    return sql.toString();
  }

  private PostgresqlWaitEvents() {}
}
