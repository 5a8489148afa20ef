package io.commitbench.core.run;

import io.commitbench.core.run.jvm.ProcessCpu;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The actors the server had no connection for make one problem that says how many connected; others one each. */
class ActorFailuresTest {

  @Test
  void actorsWithoutAConnectionMakeOneLineWithTheServersAnswer() {
    SQLException server = new SQLException("FATAL: sorry, too many clients already", "53300");
    List<Throwable> failures = List.of(
        new ConnectionsExhaustedException("cannot connect as u98 to jdbc:x: FATAL: sorry, too many clients already",
            server),
        new IllegalStateException("actor 3 broke"),
        new ConnectionsExhaustedException("cannot connect as u99 to jdbc:x: FATAL: sorry, too many clients already",
            server));
    ActorGroup.Outcome outcome = new ActorGroup.Outcome(0, failures, 0, ProcessCpu.UNKNOWN, 97);

    assertThat(ActorFailures.lines(outcome, 500, Throwable::getMessage)).containsExactly(
        "only 97 of 500 actors could connect: the server has no connection left for the others, so the run stopped"
            + " before the measurement (cannot connect as u98 to jdbc:x: FATAL: sorry, too many clients already)",
        "actor 3 broke");
  }

  @Test
  void otherFailuresAreOneLineEach() {
    ActorGroup.Outcome outcome = new ActorGroup.Outcome(2,
        List.of(new IllegalStateException("a"), new IllegalStateException("b")), 0, ProcessCpu.UNKNOWN, 4);
    assertThat(ActorFailures.lines(outcome, 4, Throwable::getMessage)).containsExactly("a", "b");
  }
}
