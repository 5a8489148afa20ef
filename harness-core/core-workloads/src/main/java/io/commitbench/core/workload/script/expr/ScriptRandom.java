package io.commitbench.core.workload.script.expr;

/**
 * pgbench's per-client pseudo-random generator (the random functions' source), one per actor,
 * seeded from the run's seed and the actor's number; confined to the actor's thread.
 */
public final class ScriptRandom {

  public ScriptRandom(long seed) {
    throw new UnsupportedOperationException("to be implemented");
  }

  /** Uniform in [0, 1), the source of every random function. */
  public double nextDouble() {
    throw new UnsupportedOperationException("to be implemented");
  }
}
