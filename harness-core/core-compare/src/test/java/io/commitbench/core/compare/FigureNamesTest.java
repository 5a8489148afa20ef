package io.commitbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FigureNamesTest {

  @Test
  void camelCaseBecomesWordsAndTheUnitGoesToTheEnd() {
    assertThat(FigureNames.of("overallMillis")).isEqualTo("overall (ms)");
    assertThat(FigureNames.of("averageActorUpdateMillis")).isEqualTo("average actor update (ms)");
    assertThat(FigureNames.of("latencyMillis.p95")).isEqualTo("latency p95 (ms)");
    assertThat(FigureNames.of("queriesPerSecond.read")).isEqualTo("queries per second read");
    assertThat(FigureNames.of("firstRead.seconds")).isEqualTo("first read (s)");
    assertThat(FigureNames.of("queries.point_select.p50Millis")).isEqualTo("queries point_select p50 (ms)");
    assertThat(FigureNames.of("cycles")).isEqualTo("cycles");
  }
}
