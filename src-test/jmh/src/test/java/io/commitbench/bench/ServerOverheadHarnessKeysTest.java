package io.commitbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.config.ConfigException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerOverheadHarnessKeysTest {

  @Test
  void addsEachItemToTheHarnessLegs() throws Exception {
    assertThat(ServerOverhead.harnessKeys(Map.of("harnessKeys", "report.interval=60; error.budget=0.5")))
        .containsExactlyInAnyOrderEntriesOf(Map.of("report.interval", "60", "error.budget", "0.5"));
    assertThat(ServerOverhead.harnessKeys(Map.of("harnessKeys", ""))).isEmpty();
  }

  @Test
  void refusesAKeyGivenTwice() {
    assertThatThrownBy(() -> ServerOverhead.harnessKeys(Map.of("harnessKeys", "report.interval=60;report.interval=5")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("report.interval");
  }

  @Test
  void refusesAKeyTheBenchSetsForEveryLeg() {
    assertThatThrownBy(() -> ServerOverhead.harnessKeys(Map.of("harnessKeys", "users=10")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("harnessKeys: users is set by the bench");
  }

  @Test
  void refusesAnItemWithoutAKey() {
    assertThatThrownBy(() -> ServerOverhead.harnessKeys(Map.of("harnessKeys", "report.interval")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("harnessKeys: 'report.interval': allowed: key=value items separated by ;");
    assertThatThrownBy(() -> ServerOverhead.harnessKeys(Map.of("harnessKeys", "=60")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'=60'");
  }
}
