package io.commitbench.core.report;

import static io.commitbench.core.report.ReportFixtures.MS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.CycleTimes;
import io.commitbench.core.measure.PaperAnalysis;
import java.util.List;
import org.junit.jupiter.api.Test;

class PaperAnalysisTest {

  @Test
  void averagesOverCyclesAndActorCycles() {
    PaperAnalysis a = ReportFixtures.paperAnalysis(ReportFixtures.completed());

    assertThat(a.cycles()).isEqualTo(2);
    assertThat(a.actorCycles()).isEqualTo(6);
    assertThat(a.overallMillis()).as("1500 + 2500").isEqualTo(4000.0);
    assertThat(a.averageOverallMillis()).as("4000 / 2 cycles").isEqualTo(2000.0);
    assertThat(a.averageActorMillis()).as("(1000+1200+1400+2000+2200+2400) / 6").isEqualTo(1700.0);
    assertThat(a.averageActorInsertMillis()).as("(100+...+600) / 6").isEqualTo(350.0);
    assertThat(a.averageActorSelectMillis()).isEqualTo(35.0);
    assertThat(a.averageActorUpdateMillis()).isEqualTo(3.5);
    assertThat(a.averageActorDeleteMillis()).isCloseTo(1.234567, within(1e-12));
  }

  @Test
  void averageIsPerActorCycleNotPerActor() {
    // One actor that ran in two cycles counts twice, as in the paper ("all actors and all cycles").
    PaperAnalysis a = PaperAnalysis.of(
        List.of(new CycleTimes(1, 10 * MS), new CycleTimes(2, 30 * MS)),
        List.of(new ActorCycleTimes(1, 1, 8 * MS, 4 * MS, 0, 0, 0), new ActorCycleTimes(2, 1, 28 * MS, 0, 0, 0, 0)));

    assertThat(a.averageActorMillis()).isEqualTo(18.0);
    assertThat(a.averageActorInsertMillis()).isEqualTo(2.0);
    assertThat(a.averageActorSelectMillis()).isZero();
  }

  @Test
  void nothingMeasuredGivesNaNAverages() {
    PaperAnalysis a = PaperAnalysis.of(List.of(), List.of());

    assertThat(a.overallMillis()).as("a sum over nothing").isZero();
    assertThat(List.of(a.averageOverallMillis(), a.averageActorMillis(), a.averageActorInsertMillis(),
            a.averageActorSelectMillis(), a.averageActorUpdateMillis(), a.averageActorDeleteMillis()))
        .allMatch(d -> d.isNaN());
    assertThat(a.cycles()).isZero();
    assertThat(a.actorCycles()).isZero();
  }

  @Test
  void cyclesWithoutActorCyclesKeepTheCycleFigures() {
    PaperAnalysis a = PaperAnalysis.of(List.of(new CycleTimes(1, 7 * MS)), List.of());

    assertThat(a.averageOverallMillis()).isEqualTo(7.0);
    assertThat(a.averageActorMillis()).isNaN();
  }

  @Test
  void scheduleShareIsTheStaggeredReleaseOverTheOverallTime() {
    PaperAnalysis a = ReportFixtures.paperAnalysis(ReportFixtures.completed()); // 2 cycles, 4000 ms overall

    assertThat(a.scheduleShare(3, 600)).as("2 cycles x (3 - 1) x 600 ms / 4000 ms").isEqualTo(0.6);
    assertThat(a.scheduleShare(3, 100)).isEqualTo(0.1);
    assertThat(a.scheduleShare(1, 600)).as("one actor: no stagger").isZero();
    assertThat(a.scheduleShare(3, 0)).isZero();
    assertThat(PaperAnalysis.of(List.of(), List.of()).scheduleShare(3, 600)).as("nothing measured").isZero();
  }
}
