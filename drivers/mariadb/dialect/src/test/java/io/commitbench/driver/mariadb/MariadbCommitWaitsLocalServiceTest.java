package io.commitbench.driver.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.CommitWaitContext;
import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.breakdown.UnmeasuredPart;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The commit waits on the local MariaDB service (127.0.0.1:3306, root, db test): a window around
 * commits of the test's own, on a table of its own. The test asks the server what it has and
 * expects what that implies; it never changes a server variable.
 */
class MariadbCommitWaitsLocalServiceTest {

  private static final String URL = "jdbc:mariadb://127.0.0.1:3306/test";
  private static final String TABLE = "zz_mariaora_t";
  private static final int COMMITS = 20;

  private Connection session;

  private static Connection connect() throws SQLException {
    return DriverManager.getConnection(URL, "root", "");
  }

  @BeforeEach
  void createTable() throws SQLException {
    session = connect();
    try (Statement s = session.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + TABLE);
      s.execute("CREATE TABLE " + TABLE + " (id INT PRIMARY KEY, v INT) ENGINE=InnoDB");
    }
  }

  @AfterEach
  void dropTable() throws SQLException {
    try (Statement s = session.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + TABLE);
    } finally {
      session.close();
    }
  }

  @Test
  void aWindowAroundOwnCommitsGivesWhatTheServerHas() throws Exception {
    String performanceSchema;
    String version;
    try (Statement s = session.createStatement();
        ResultSet rs = s.executeQuery("SELECT @@GLOBAL.performance_schema, @@GLOBAL.version")) {
      rs.next();
      performanceSchema = rs.getString(1);
      version = rs.getString(2);
    }
    SourceReading r;
    try (CommitTimeSource source = new MariadbCommitWaits().open(
        new CommitWaitContext(MariadbCommitWaitsLocalServiceTest::connect, Instant.now(), 100))) {
      source.begin();
      commitOwnRows();
      r = source.end();
    }

    if (!MariadbCommitWaits.on(performanceSchema)) {
      assertThat(r.parts()).isEmpty();
      assertThat(r.unmeasured()).extracting(UnmeasuredPart::name)
          .containsExactly("log_write", "log_sync", "group_commit_wait");
      assertThat(r.unmeasured()).extracting(UnmeasuredPart::reason)
          .containsOnly("performance_schema is OFF (start the server with performance_schema=ON)");
    } else if (atLeast108(version)) {
      assertThat(r.unmeasured()).filteredOn(u -> u.name().equals("log_sync")).extracting(UnmeasuredPart::reason)
          .containsExactly("performance_schema on MariaDB " + version + " registers no redo log instrument; the"
              + " kernel's view (breakdown.kernel=true) measures the log's syncs");
    } else {
      assertThat(r.parts()).extracting(PartReading::name).contains("log_write", "log_sync");
    }
    // Innodb_log_writes counts on every version; each of the test's commits writes the log at least once
    // (innodb_flush_log_at_trx_commit 1 or 2) or the background flush does (0), so at least one.
    LogIoView writes = r.views().stream().filter(v -> v.operation().equals("log_write")).findFirst().orElseThrow();
    assertThat(writes.count()).isPositive();
    assertThat(writes.meanMillis()).isNaN();
    assertThat(writes.source()).contains("Innodb_log_writes").contains("whole server");
    assertThat(r.cost()).singleElement().asString().contains("queries on a connection of its own");
  }

  /** Whether {@code version} (10.11.19-MariaDB-...) is 10.8 or later, which has no redo log instrument. */
  private static boolean atLeast108(String version) {
    String[] parts = version.split("[.-]");
    int major = Integer.parseInt(parts[0]);
    int minor = Integer.parseInt(parts[1]);
    return major > 10 || (major == 10 && minor >= 8);
  }

  private void commitOwnRows() throws SQLException {
    session.setAutoCommit(false);
    try (Statement s = session.createStatement()) {
      for (int i = 0; i < COMMITS; i++) {
        s.executeUpdate("INSERT INTO " + TABLE + " VALUES (" + i + ", " + i + ")");
        session.commit();
      }
    } finally {
      session.setAutoCommit(true);
    }
  }
}
