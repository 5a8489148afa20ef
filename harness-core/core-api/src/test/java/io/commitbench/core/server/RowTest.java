package io.commitbench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rows as the dialects parse them, and the builder they collect counters in. */
class RowTest {

  @Test
  void numbersFromWhateverTheDriverReturns() {
    Row row = Row.of("BIG", new BigDecimal("241182488"), "Text", " 4691381 ", "dbl", 12.5, "nothing", null);

    assertThat(row.number("big")).isEqualTo(241182488.0);
    assertThat(row.number("TEXT")).as("labels are compared in lower case").isEqualTo(4691381.0);
    assertThat(row.number("dbl")).isEqualTo(12.5);
    assertThat(row.number("nothing")).isNull();
    assertThat(row.text("nothing")).isNull();
    assertThat(row.text("big")).isEqualTo("241182488");
  }

  @Test
  void aMissingColumnOrNonNumberIsAnError() {
    Row row = Row.of("name", "redo size");

    assertThatIllegalArgumentException().isThrownBy(() -> row.number("value")).withMessageContaining("no column value");
    assertThatIllegalArgumentException().isThrownBy(() -> row.number("name")).withMessageContaining("not a number");
    assertThatIllegalArgumentException().isThrownBy(() -> Row.of("odd"));
  }

  @Test
  void counterSetMakesNullsAbsentAndCopiesUnderCanonicalNames() {
    CounterSet set = new CounterSet()
        .value("oracle.sysstat.user_commits", 12.0, "count", "unused")
        .value("oracle.sysstat.redo_size", null, "bytes", "V$SYSSTAT has no statistic 'redo size'");
    set.copy("oracle.sysstat.user_commits", "commits").copy("oracle.sysstat.redo_size", "log_bytes");

    CounterSnapshot s = set.snapshot(java.time.Instant.EPOCH);
    assertThat(s.note()).isEmpty();
    assertThat(s.counter("commits")).contains(CounterValue.of("commits", 12, "count"));
    assertThat(s.counter("log_bytes")).contains(
        CounterValue.absent("log_bytes", "bytes", "V$SYSSTAT has no statistic 'redo size'"));
    assertThatIllegalArgumentException().isThrownBy(() -> set.copy("missing", "log_writes"));
  }

  @Test
  void failureNamesWhatCouldNotBeRead() {
    assertThat(CounterSet.failure("pg_stat_wal", new SQLException("permission denied for view pg_stat_wal\n")))
        .isEqualTo("cannot read pg_stat_wal: permission denied for view pg_stat_wal");
    assertThat(List.of(CounterSet.failure("x", new SQLException()))).containsExactly("cannot read x: SQLException");
  }
}
