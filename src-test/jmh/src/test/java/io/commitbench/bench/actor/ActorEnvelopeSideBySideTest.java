package io.commitbench.bench.actor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The actor and the plain loop of {@link ActorEnvelope} taken in turn: every round measures both,
 * with each call answered by a real {@code cat} process when asked, and bad parameters are refused
 * with what is allowed. What the figures are is for the benchmark to say, not for a test.
 */
class ActorEnvelopeSideBySideTest {

  @Test
  void everyRoundMeasuresBothWithEachCallEchoedByAnotherProcess() throws Exception {
    ActorEnvelope.ActorState state = ActorEnvelopeSideBySide.state("paper", 0, "process");

    ActorEnvelopeSideBySide.Comparison c = ActorEnvelopeSideBySide.compare(state, 3, 1);

    // Sorted, so the first is the least.
    assertThat(c.plain()).hasSize(3);
    assertThat(c.plain()[0]).isPositive();
    assertThat(c.harness()).hasSize(3);
    assertThat(c.harness()[0]).isPositive();
  }

  @Test
  void theCommitShapeRunsWithoutASwitch() throws Exception {
    ActorEnvelopeSideBySide.Comparison c =
        ActorEnvelopeSideBySide.compare(ActorEnvelopeSideBySide.state("commit", 0, "none"), 2, 0);

    assertThat(c.extra()).hasSize(2);
    assertThat(c.harness()[0]).isPositive();
  }

  @Test
  void badParametersAreRefusedWithWhatIsAllowed() {
    assertThatThrownBy(() -> ActorEnvelopeSideBySide.compare(ActorEnvelopeSideBySide.state("circle", 0, "none"), 2, 0))
        .hasMessage("shape=circle: allowed: paper, commit");
    assertThatThrownBy(() -> ActorEnvelopeSideBySide.compare(ActorEnvelopeSideBySide.state("paper", 0, "elsewhere"), 2, 0))
        .hasMessage("switchTo=elsewhere: allowed: none, process");
    assertThatThrownBy(() -> ActorEnvelopeSideBySide.compare(ActorEnvelopeSideBySide.state("paper", 0, "none"), 0, 0))
        .hasMessage("rounds=0, warmups=0: allowed: rounds 1 or more, warmups 0 or more");
  }
}
