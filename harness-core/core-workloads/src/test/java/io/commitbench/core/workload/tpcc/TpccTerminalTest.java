package io.commitbench.core.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.workload.LoadMode;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The terminals' homes and their pauses in spec and throughput mode. */
class TpccTerminalTest {

  private static final TpccConstants C = TpccConstants.forRun(TpccConstants.forLoad(1), 1);
  private static final TpccNames NAMES = new TpccNames(Map.of());
  private static final long S = TpccPauses.NANOS_PER_SECOND;

  private static TpccSettings settings(int warehouses, TpccMode mode) {
    return new TpccSettings(warehouses, mode, true, 1, LoadMode.FRESH, 1);
  }

  private static TpccTerminal terminal(int index, TpccSettings settings) {
    return new TpccTerminal(index, settings, C, NAMES, new TpccCounters());
  }

  @Test
  void theSpecsTenTerminalsPerWarehouseTakeEachDistrictOnce() {
    TpccSettings settings = settings(3, TpccMode.SPEC);
    Set<String> homes = new HashSet<>();
    for (int i = 0; i < 30; i++) {
      TpccTerminal terminal = terminal(i, settings);
      assertThat(terminal.warehouse()).isBetween(1, 3);
      assertThat(terminal.district()).isBetween(1, 10);
      homes.add(terminal.warehouse() + "/" + terminal.district());
    }
    assertThat(homes).hasSize(30);
    assertThat(terminal(0, settings).warehouse()).isEqualTo(1);
    assertThat(terminal(1, settings).warehouse()).as("the warehouses first").isEqualTo(2);
    assertThat(terminal(3, settings).district()).isEqualTo(2);
  }

  @Test
  void inThroughputModeTheTerminalsDoNotPause() {
    assertThat(terminal(0, settings(2, TpccMode.THROUGHPUT)).pauses()).isFalse();
    assertThat(terminal(0, settings(2, TpccMode.SPEC)).pauses()).isTrue();
  }

  @Test
  void inSpecModeTheFirstPauseIsTheKeyingTimeAndEachNextAddsTheThinkTimeOfTheOneBefore() {
    TpccTerminal terminal = terminal(4, settings(1, TpccMode.SPEC));
    int first = terminal.next();
    assertThat(terminal.pauseNanos(first)).isEqualTo(TpccPauses.keyingNanos(TpccTransaction.TYPES.get(first)));
    int previous = first;
    boolean thought = false;
    for (int i = 0; i < 500; i++) {
      int type = terminal.next();
      long pause = terminal.pauseNanos(type);
      long keying = TpccPauses.keyingNanos(TpccTransaction.TYPES.get(type));
      long thinkMean = TpccTransaction.TYPES.get(previous).thinkMeanSeconds * S;
      assertThat(pause - keying).isBetween(0L, 10 * thinkMean);
      thought |= pause > keying;
      previous = type;
    }
    assertThat(thought).isTrue();
  }
}
