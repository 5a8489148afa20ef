package io.commitbench.storage.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.relocate.LogCeiling;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class PostgresqlWalCeilingTest {

  @Test
  void addsMaxWalSizeAndWalKeepSizeInTheirUnits() throws Exception {
    LogCeiling c = PostgresqlWalCeiling.parse("max_wal_size\t1024\tMB\nwal_keep_size\t512\tMB\n");
    assertThat(c.bytes()).isEqualTo((1L << 30) + (512L << 20));
    assertThat(c.source()).isEqualTo("max_wal_size 1 GB + wal_keep_size 512 MB, from pg_settings");
  }

  @Test
  void aDefaultServerHasOneGigabyteAndNothingKept() throws Exception {
    LogCeiling c = PostgresqlWalCeiling.parse("max_wal_size\t1024\tMB\nwal_keep_size\t0\tMB");
    assertThat(c.bytes()).isEqualTo(1L << 30);
    assertThat(c.source()).isEqualTo("max_wal_size 1 GB + wal_keep_size 0 B, from pg_settings");
  }

  @Test
  void aServerWithoutWalKeepSizeCountsMaxWalSizeAloneInSegmentUnits() throws Exception {
    // PostgreSQL 9.5 and 10 give max_wal_size in 16 MB segments and have no wal_keep_size
    LogCeiling c = PostgresqlWalCeiling.parse("max_wal_size\t64\t16MB");
    assertThat(c.bytes()).isEqualTo(1L << 30);
    assertThat(c.source()).isEqualTo("max_wal_size 1 GB, from pg_settings");
  }

  @Test
  void noMaxWalSizeOrAnUnknownUnitIsAnError() {
    assertThatThrownBy(() -> PostgresqlWalCeiling.parse("")).isInstanceOf(IOException.class)
        .hasMessageContaining("no max_wal_size");
    assertThatThrownBy(() -> PostgresqlWalCeiling.parse("max_wal_size\t1\tparsecs")).isInstanceOf(IOException.class)
        .hasMessageContaining("unknown unit 'parsecs'");
  }
}
