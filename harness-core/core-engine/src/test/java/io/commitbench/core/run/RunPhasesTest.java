package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.RunControl;
import io.commitbench.core.measure.Phase;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class RunPhasesTest {

  private static final long S = 1_000_000_000L;

  /** warmup=1 duration=3: the warm-up's last line, printed after the switch, reads "1/1 s", not "0/3 s". */
  @Test
  void theWarmupsLastIntervalIsLabelledWithTheWarmupsEndAfterTheMeasurementBegan() {
    RunPhases phases = new RunPhases(new RunControl(3, 0, 1, 0, false, 10, false, 0, false, 0, 5, false), OptionalInt.empty(),
        false);
    long start = System.nanoTime();
    phases.started(start);
    phases.cycleStarting(1, start);

    assertThat(phases.position(Phase.WARMUP)).isEqualTo("warm-up 0/1 s");

    phases.measurementBegan(start + S);

    assertThat(phases.position(Phase.WARMUP)).isEqualTo("warm-up 1/1 s");
    assertThat(phases.position(Phase.MEASURED)).matches("-?\\d+/3 s");
  }

  /** The paper's workload: the warm-up's last partial interval names its warm-up cycle, not "cycle 1". */
  @Test
  void inCyclesTheWarmupsLastIntervalNamesTheLastWarmupCycle() {
    RunPhases phases = new RunPhases(new RunControl(0, 0, 2, 0, false, 10, false, 0, false, 0, 5, false), OptionalInt.of(30),
        true);
    long start = System.nanoTime();
    phases.started(start);
    for (int cycle = 1; cycle <= 13; cycle++) {
      assertThat(phases.cycleStarting(cycle, start + cycle * S / 10)).isEqualTo(RunPhases.CycleStart.WARMUP);
    }
    assertThat(phases.cycleStarting(14, start + 3 * S)).isEqualTo(RunPhases.CycleStart.FIRST_MEASURED);
    phases.measurementBegan(start + 3 * S);

    assertThat(phases.position(Phase.WARMUP)).isEqualTo("warm-up cycle 13");
    assertThat(phases.position(Phase.MEASURED)).isEqualTo("cycle 1/30");
  }

  /** A run that takes long to stop after its duration (a lost server) says "3/3 s", never "9/3 s". */
  @Test
  void theMeasuredPositionStopsAtTheDuration() {
    RunPhases phases = new RunPhases(new RunControl(3, 0, 0, 0, false, 10, false, 0, false, 0, 5, false), OptionalInt.empty(),
        false);
    long start = System.nanoTime() - 9 * S;
    phases.started(start);
    phases.cycleStarting(1, start);
    phases.measurementBegan(start);

    assertThat(phases.position(Phase.MEASURED)).isEqualTo("3/3 s");
  }
}
