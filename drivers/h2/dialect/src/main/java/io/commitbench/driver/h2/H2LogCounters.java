package io.commitbench.driver.h2;

import io.commitbench.core.server.CounterSet;
import io.commitbench.core.server.CounterSnapshot;
import io.commitbench.core.server.LogCounterNames;
import io.commitbench.core.server.LogCounters;
import io.commitbench.core.server.Row;
import io.commitbench.core.server.RowSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What H2 offers: no log counters at all. H2 2.x (MVStore) has no redo/WAL log: a commit waits
 * for no log write or sync; a background thread writes committed changes to the store file in
 * chunks every {@code WRITE_DELAY} ms. H2 counts no commits either. So every canonical counter
 * is absent with that reason, and the store file's own counters from {@code
 * INFORMATION_SCHEMA.SETTINGS} are reported instead: {@code h2.store.file_writes} and {@code
 * h2.store.file_write_bytes} (absent for an in-memory database, which has no file). Stateless and
 * thread-safe.
 */
final class H2LogCounters implements LogCounters {

  static final String SETTINGS_SQL = "SELECT SETTING_NAME, SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
      + " WHERE SETTING_NAME IN ('info.FILE_WRITE', 'info.FILE_WRITE_BYTES', 'WRITE_DELAY')";

  static final String NO_COMMIT_COUNT = "H2 counts no commits";

  @Override
  public CounterSnapshot read(Connection admin) throws SQLException {
    return read(RowSource.of(admin));
  }

  /** Reads through {@code db}: a connection in a run, recorded rows in a test. */
  CounterSnapshot read(RowSource db) throws SQLException {
    Instant at = Instant.now();
    Map<String, String> settings = new HashMap<>();
    for (Row row : db.query(SETTINGS_SQL)) {
      settings.put(row.text("setting_name"), row.text("setting_value"));
    }
    boolean file = settings.containsKey("info.FILE_WRITE");
    String noLog = "H2 has no redo/WAL log: a commit waits for no log write; " + (file
        ? "committed changes reach the store file in chunks written in the background every "
            + settings.getOrDefault("WRITE_DELAY", "?") + " ms (WRITE_DELAY)"
        : "an in-memory database keeps them in memory only");
    CounterSet set = new CounterSet();
    set.absent(LogCounterNames.COMMITS, "count", NO_COMMIT_COUNT);
    for (String name : List.of(LogCounterNames.LOG_BYTES, LogCounterNames.LOG_WRITES, LogCounterNames.LOG_SYNCS)) {
      set.absent(name, name.equals(LogCounterNames.LOG_BYTES) ? "bytes" : "count", noLog);
    }
    set.absent(LogCounterNames.LOG_WRITE_TIME_MS, "ms", noLog).absent(LogCounterNames.LOG_SYNC_TIME_MS, "ms", noLog);
    String noFile = "an in-memory H2 database has no store file";
    set.value("h2.store.file_writes", number(settings.get("info.FILE_WRITE")), "count", noFile);
    set.value("h2.store.file_write_bytes", number(settings.get("info.FILE_WRITE_BYTES")), "bytes", noFile);
    return set.snapshot(at);
  }

  private static Double number(String text) {
    return text == null ? null : Double.valueOf(text.trim());
  }
}
