package io.commitbench.storage.relocate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LogCeilingTest {

  private static final LogCeiling GIB = new LogCeiling(1L << 30, "max_wal_size 1 GB + wal_keep_size 0 B, from pg_settings");

  @Test
  void warnsWhenTheLogMayOutgrowTheFreeSpaceSayingBothFiguresAndTheSource() {
    assertThat(GIB.warning("WAL", Path.of("/ssd/pg"), 500_000_000L)).hasValueSatisfying(w -> assertThat(w)
        .startsWith("WARNING: the WAL may grow to 1,073,741,824 bytes (max_wal_size 1 GB + wal_keep_size 0 B,"
            + " from pg_settings)")
        .contains("more than the 500,000,000 bytes free in /ssd/pg").contains("not refused"));
  }

  @Test
  void saysNothingWhenItFits() {
    assertThat(GIB.warning("WAL", Path.of("/ssd/pg"), 1L << 30)).isEmpty();
    assertThat(GIB.warning("WAL", Path.of("/ssd/pg"), 1L << 40)).isEmpty();
  }

  @Test
  void refusesANegativeSize() {
    assertThatThrownBy(() -> new LogCeiling(-1, "x")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 0, not -1");
  }
}
