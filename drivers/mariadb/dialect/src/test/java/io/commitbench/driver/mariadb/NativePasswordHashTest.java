package io.commitbench.driver.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Against what MariaDB 10.11's {@code SELECT PASSWORD(...)} returned. */
class NativePasswordHashTest {

  @Test
  void equalsWhatTheServersPasswordFunctionReturns() {
    assertThat(NativePasswordHash.of("Secret42abc")).isEqualTo("*59A2248A48D88CF78E0DAF8673E7FDF8E18C8F5F");
    assertThat(NativePasswordHash.of("Pw123abc")).isEqualTo("*51FB6ADBE85BED035F07866C486C074BD88B1F7D");
  }
}
