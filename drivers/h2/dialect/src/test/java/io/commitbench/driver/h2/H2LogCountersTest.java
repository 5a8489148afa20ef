package io.commitbench.driver.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.CounterSnapshot;
import io.commitbench.core.server.CounterValue;
import io.commitbench.core.server.LogActivity;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What H2 offers, read from a real embedded database: no log counters, only its store file's writes. */
class H2LogCountersTest {

  private final H2Dialect dialect = new H2Dialect();

  @TempDir Path dataDirectory;

  @Test
  void everyCanonicalCounterIsAbsentWithWhyAndTheStoreFileIsCounted() throws SQLException {
    String url = dialect.defaultUrl(dataDirectory).orElseThrow();
    try (Connection admin = DriverManager.getConnection(url, "sa", "")) {
      CounterSnapshot before = dialect.server().logCounters().read(admin);
      try (Statement st = admin.createStatement()) {
        st.execute("CREATE TABLE t (a INT PRIMARY KEY)");
        st.execute("INSERT INTO t SELECT X FROM SYSTEM_RANGE(1, 1000)");
        st.execute("CHECKPOINT"); // writes the store now rather than in WRITE_DELAY ms
      }
      CounterSnapshot after = dialect.server().logCounters().read(admin);

      assertThat(after.note()).isEmpty();
      for (String name : LogActivity.CANONICAL) {
        CounterValue c = after.counter(name).orElseThrow();
        assertThat(c.present()).as(name).isFalse();
      }
      assertThat(after.counter("commits").orElseThrow().absentReason()).isEqualTo("H2 counts no commits");
      assertThat(after.counter("log_bytes").orElseThrow().absentReason())
          .startsWith("H2 has no redo/WAL log").contains("every 500 ms (WRITE_DELAY)");
      LogActivity activity = LogActivity.between(before, after);
      assertThat(activity.available()).isFalse();
      assertThat(activity.counter("h2.store.file_writes").orElseThrow().value()).isPositive();
      assertThat(activity.counter("h2.store.file_write_bytes").orElseThrow().value()).isPositive();
    }
  }

  @Test
  void anInMemoryDatabaseHasNoStoreFile() throws SQLException {
    try (Connection admin = DriverManager.getConnection("jdbc:h2:mem:counters", "sa", "")) {
      CounterSnapshot s = dialect.server().logCounters().read(admin);

      assertThat(s.counter("h2.store.file_writes").orElseThrow().absentReason())
          .isEqualTo("an in-memory H2 database has no store file");
      assertThat(s.counter("log_bytes").orElseThrow().absentReason()).doesNotContain("WRITE_DELAY");
    }
  }
}
