package io.commitbench.storage.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.storage.format.FormatterRegistry;
import io.commitbench.storage.format.LogExposure;
import org.junit.jupiter.api.Test;

class MariadbLogExposureTest {

  private final MariadbLogExposure exposure = new MariadbLogExposure();

  @Test
  void theRedoLogAndTheFileAResizeWritesAreLogFilesReusedInPlace() {
    assertThat(exposure.isLogFile("ib_logfile0")).isTrue();
    assertThat(exposure.isLogFile("ib_logfile101")).isTrue();
    assertThat(exposure.isLogFile("ibdata1")).isFalse();
    assertThat(exposure.isLogFile("ib_buffer_pool")).isFalse();
    assertThat(exposure.reuse()).isEqualTo(LogExposure.Reuse.IN_PLACE);
    assertThat(exposure.unit()).isEqualTo("redo log");
  }

  @Test
  void theRegistryHandsOutTheKindsExposure() {
    assertThat(FormatterRegistry.load().exposure("mariadb")).get().isInstanceOf(MariadbLogExposure.class);
  }
}
