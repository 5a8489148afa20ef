package io.commitbench.core.run;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What the actors' failures make of the run's problems: a line each, except that the actors the
 * server had no connection for make one line, which says how many connections it took: with 500
 * actors against a server that takes 100, 400 lines of the same answer would bury it.
 */
final class ActorFailures {

  private ActorFailures() {}

  /**
   * @param outcome the actors' outcome
   * @param actors how many actors the run was to have
   * @param describe one failure as a line
   */
  static List<String> lines(ActorGroup.Outcome outcome, int actors, Function<Throwable, String> describe) {
    List<String> lines = new ArrayList<>();
    ConnectionsExhaustedException firstExhausted = null;
    int exhaustedAt = -1;
    for (Throwable failure : outcome.failures()) {
      if (!(failure instanceof ConnectionsExhaustedException exhausted)) {
        lines.add(describe.apply(failure));
      } else if (firstExhausted == null) {
        firstExhausted = exhausted;
        exhaustedAt = lines.size();
      }
    }
    if (firstExhausted != null) {
      lines.add(exhaustedAt, "only " + outcome.opened() + " of " + actors + " actors could connect: the server"
          + " has no connection left for the others, so the run stopped before the measurement ("
          + firstExhausted.getMessage() + ")");
    }
    return lines;
  }
}
