package io.commitbench.bench.actor;

import io.commitbench.bench.BenchArguments;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Map;

/**
 * {@link ActorEnvelope}'s two benchmarks in one JVM, in turn: a cycle of the engine's actor, then a
 * cycle of the plain loop (the next round the other way), each measured in the calling thread's
 * own CPU time per transaction. With {@code switchTo=process} every call waits for another process,
 * and JMH's forks, one benchmark after the other, meet the machine in different states, with
 * differences many times the harness's share. Taken in turn, round after round, both meet the
 * same state, and the thread's CPU time leaves out the partner's and the waits. It prints the
 * medians and, per round, the harness's extra over the loop with its quartiles.
 *
 * <pre>
 * taskset -c 1 java -cp src-test/jmh/target/benchmarks.jar io.commitbench.bench.actor.ActorEnvelopeSideBySide \
 *     [shape=paper|commit] [evictKiB=0] [switchTo=process|none] [rounds=100] [warmups=5]
 * </pre>
 */
public final class ActorEnvelopeSideBySide {

  private ActorEnvelopeSideBySide() {}

  /** Each round's CPU time per transaction, in ns, of the plain loop and of the actor, sorted. */
  record Comparison(double[] plain, double[] harness, double[] extra) {
    static double median(double[] sorted) {
      return sorted[sorted.length / 2];
    }
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> p = BenchArguments.parse(args, Map.of("shape", "paper", "evictKiB", "0", "switchTo",
        "process", "rounds", "100", "warmups", "5"));
    ActorEnvelope.ActorState state = state(p.get("shape"), Integer.parseInt(p.get("evictKiB")), p.get("switchTo"));
    Comparison c = compare(state, Integer.parseInt(p.get("rounds")), Integer.parseInt(p.get("warmups")));
    int n = c.extra().length;
    System.out.printf(java.util.Locale.ROOT,
        "%s, evictKiB=%d, switchTo=%s, %d rounds: ns of the thread's CPU per transaction, median: plain loop %.1f,"
            + " harness %.1f; harness over plain per round: median %.1f (quartiles %.1f .. %.1f)%n",
        state.shape, state.evictKiB, state.switchTo, n, Comparison.median(c.plain()),
        Comparison.median(c.harness()), Comparison.median(c.extra()), c.extra()[n / 4], c.extra()[3 * n / 4]);
  }

  /**
   * The benchmark's state for these parameters; {@link #compare} opens it (which refuses parameters
   * out of range) and closes it.
   */
  static ActorEnvelope.ActorState state(String shape, int evictKiB, String switchTo) {
    ActorEnvelope.ActorState state = new ActorEnvelope.ActorState();
    state.shape = shape;
    state.evictKiB = evictKiB;
    state.switchTo = switchTo;
    return state;
  }

  /** {@code warmups} rounds, then {@code rounds} measured ones, each a cycle of both in turn. */
  static Comparison compare(ActorEnvelope.ActorState state, int rounds, int warmups) throws Exception {
    checkRounds(rounds, warmups);
    ActorEnvelope bench = new ActorEnvelope();
    state.open();
    try {
      double[] plain = new double[rounds];
      double[] harness = new double[rounds];
      double[] extra = new double[rounds];
      for (int round = -warmups; round < rounds; round++) {
        boolean harnessFirst = (round & 1) == 0;
        double first = cycleCpuNanos(bench, state, harnessFirst);
        double second = cycleCpuNanos(bench, state, !harnessFirst);
        if (round >= 0) {
          harness[round] = harnessFirst ? first : second;
          plain[round] = harnessFirst ? second : first;
          extra[round] = harness[round] - plain[round];
        }
      }
      Arrays.sort(plain);
      Arrays.sort(harness);
      Arrays.sort(extra);
      return new Comparison(plain, harness, extra);
    } finally {
      state.close();
    }
  }

  /** Refuses rounds and warm-ups out of range, for this runner and {@link PaperActorSideBySide}. */
  static void checkRounds(int rounds, int warmups) {
    if (rounds < 1 || warmups < 0) {
      throw new IllegalArgumentException("rounds=" + rounds + ", warmups=" + warmups
          + ": allowed: rounds 1 or more, warmups 0 or more");
    }
  }

  /** One benchmark invocation (a cycle of transactions), in ns of this thread's CPU per transaction. */
  private static double cycleCpuNanos(ActorEnvelope bench, ActorEnvelope.ActorState state, boolean harness)
      throws Exception {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadCpuTime();
    if (harness) {
      bench.transaction(state);
    } else {
      bench.plainLoop(state);
    }
    return (threads.getCurrentThreadCpuTime() - before) / (double) ActorEnvelope.TRANSACTIONS_PER_CYCLE;
  }
}
