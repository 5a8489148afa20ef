package io.commitbench.storage.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.format.LogExposure;
import org.junit.jupiter.api.Test;

class PostgresqlLogExposureTest {

  private final PostgresqlLogExposure exposure = new PostgresqlLogExposure();

  @Test
  void segmentsAreTheWalsFileNamesOnlyAndAreRecycledByRename() {
    assertThat(exposure.isLogFile("000000010000000000000042")).isTrue();
    assertThat(exposure.isLogFile("000000010000000000000042.partial")).isFalse();
    assertThat(exposure.isLogFile("00000002.history")).isFalse();
    assertThat(exposure.isLogFile("archive_status")).isFalse();
    assertThat(exposure.reuse()).isEqualTo(LogExposure.Reuse.RENAME);
    assertThat(exposure.unit()).isEqualTo("WAL segment");
  }

  @Test
  void theSegmentSizeInBytesFromPgSettingsUnit() {
    assertThat(PostgresqlLogExposure.bytes(16_777_216, "B")).isEqualTo(16L << 20);
    assertThat(PostgresqlLogExposure.bytes(2048, "8kB")).as("PostgreSQL 10").isEqualTo(16L << 20);
    assertThatThrownBy(() -> PostgresqlLogExposure.bytes(1, "MB")).hasMessageContaining("unknown unit: 1 MB");
  }

  @Test
  void checkpointsFromTheBgwriterBefore17AndTheCheckpointerFrom17() {
    assertThat(PostgresqlLogExposure.checkpointsSql(150_004))
        .isEqualTo("SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter");
    assertThat(PostgresqlLogExposure.checkpointsSql(170_000))
        .isEqualTo("SELECT num_timed + num_requested FROM pg_stat_checkpointer");
  }
}
