package io.commitbench.driver.mariadb;

import static io.commitbench.core.server.CounterAssertions.absent;
import static io.commitbench.core.server.CounterAssertions.value;
import static io.commitbench.driver.mariadb.MariadbLogCounters.STATUS_SQL;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.CounterSnapshot;
import io.commitbench.core.server.RecordedRows;
import io.commitbench.core.server.Row;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The status query MariaDB's counters are read with, and its parsing, against the rows the local
 * MariaDB 10.11.19 returned (values as text, as the driver returns them; no
 * Innodb_os_log_fsyncs, which 10.8 removed), and a pre-10.8 server's row with it. No server
 * runs here.
 */
class MariadbLogCountersRecordedRowsTest {

  private final MariadbLogCounters counters = new MariadbLogCounters();

  /** Recorded from MariaDB 10.11.19 (SHOW GLOBAL STATUS returns the variables sorted by name). */
  private static RecordedRows mariadb1011(Row... extra) {
    Row[] rows = {
        status("Com_commit", "378031"), status("Com_delete", "224139"), status("Com_insert", "598382"),
        status("Com_rollback", "44"), status("Com_select", "224941"), status("Com_update", "224051"),
        status("Handler_commit", "1651874"), status("Handler_rollback", "48"), status("Innodb_data_fsyncs", "547205"),
        status("Innodb_log_waits", "0"), status("Innodb_log_write_requests", "9310099"),
        status("Innodb_log_writes", "543508"), status("Innodb_lsn_current", "533744534"),
        status("Innodb_os_log_written", "533700130")};
    Row[] all = java.util.Arrays.copyOf(rows, rows.length + extra.length);
    System.arraycopy(extra, 0, all, rows.length, extra.length);
    return new RecordedRows().answer(STATUS_SQL, all);
  }

  private static Row status(String name, String value) {
    return Row.of("Variable_name", name, "Value", value);
  }

  @Test
  void sqlText() {
    assertThat(STATUS_SQL).isEqualTo("SHOW GLOBAL STATUS WHERE Variable_name IN ("
        + "'Com_commit', 'Com_rollback', 'Handler_commit', 'Handler_rollback',"
        + " 'Com_insert', 'Com_update', 'Com_delete', 'Com_select',"
        + " 'Innodb_os_log_written', 'Innodb_log_writes', 'Innodb_log_write_requests', 'Innodb_log_waits',"
        + " 'Innodb_lsn_current', 'Innodb_os_log_fsyncs', 'Innodb_data_fsyncs')");
  }

  @Test
  void mariadb1011HasBytesAndWritesButNoSyncCountAndNoTimes() throws SQLException {
    RecordedRows db = mariadb1011();

    CounterSnapshot s = counters.read(db, true);

    assertThat(db.asked()).containsExactly(STATUS_SQL);
    assertThat(value(s, "log_bytes")).isEqualTo(533700130);
    assertThat(value(s, "log_writes")).isEqualTo(543508);
    assertThat(absent(s, "log_syncs")).contains("no Innodb_os_log_fsyncs").contains("10.8");
    assertThat(absent(s, "log_write_time_ms")).isEqualTo("MariaDB's status counters keep no redo log write or sync time");
    assertThat(absent(s, "log_sync_time_ms")).isEqualTo(absent(s, "log_write_time_ms"));
    assertThat(absent(s, "Innodb_os_log_fsyncs")).isEqualTo("this server has no status variable Innodb_os_log_fsyncs");
    assertThat(value(s, "Innodb_log_waits")).isZero();
    assertThat(value(s, "Innodb_lsn_current")).isEqualTo(533744534);
    assertThat(value(s, "Innodb_data_fsyncs")).isEqualTo(547205);
    assertThat(s.counter("Innodb_os_log_written").orElseThrow().unit()).isEqualTo("bytes");
  }

  @ParameterizedTest(name = "autocommit={0}: commits = {1}")
  @CsvSource({"true, Handler_commit, 1651874", "false, Com_commit, 378031"})
  void commitsComeFromTheCounterThatCountsTheRunsCommits(boolean autocommit, String source, double expected)
      throws SQLException {
    CounterSnapshot s = counters.read(mariadb1011(), autocommit);

    assertThat(value(s, "commits")).isEqualTo(expected).isEqualTo(value(s, source));
    assertThat(value(s, "Com_commit")).isEqualTo(378031);
    assertThat(value(s, "Handler_commit")).isEqualTo(1651874);
  }

  @Test
  void withoutKnowingTheCommitModeCommitsAreAbsent() throws SQLException {
    CounterSnapshot s = counters.read(mariadb1011(), null);

    assertThat(absent(s, "commits")).contains("depends on whether the sessions autocommit");
  }

  @Test
  void aServerBefore108CountsLogFsyncs() throws SQLException {
    CounterSnapshot s = counters.read(mariadb1011(status("Innodb_os_log_fsyncs", "4242")), false);

    assertThat(value(s, "log_syncs")).isEqualTo(4242);
  }

  @Test
  void theDialectReadsTheseCounters() {
    assertThat(new MariadbDialect().logCounters()).isInstanceOf(MariadbLogCounters.class);
  }
}
