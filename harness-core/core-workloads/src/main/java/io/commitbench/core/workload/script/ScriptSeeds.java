package io.commitbench.core.workload.script;

import io.commitbench.core.workload.script.expr.ScriptRandom;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's seeds, derived from {@code script.seed} as pgbench 15 derives its own from {@code
 * --random-seed}: a base sequence ({@code pg_prng} seeded with the seed) whose first draw is
 * {@code :default_seed} (the hash functions' seed) and whose next draws seed each actor's two
 * generators, the one of its random functions and the one that chooses its scripts. Actor
 * {@code i}'s seeds do not depend on the order actors are made in. Thread-safe.
 */
final class ScriptSeeds {

  private final long seed;
  private final long defaultSeed;
  private final ScriptRandom base;
  /** The base sequence's draws after the first, two per actor; guarded by {@code this}. */
  private final List<Long> drawn = new ArrayList<>();

  ScriptSeeds(long seed) {
    this.seed = seed;
    this.base = new ScriptRandom(seed);
    this.defaultSeed = base.nextLong();
  }

  /** {@code :random_seed}: the run's seed. */
  long seed() {
    return seed;
  }

  /** {@code :default_seed}. */
  long defaultSeed() {
    return defaultSeed;
  }

  /** Actor {@code index}'s generator of random functions. */
  ScriptRandom functions(int index) {
    return new ScriptRandom(draw(2 * index));
  }

  /** Actor {@code index}'s generator that chooses its scripts. */
  ScriptRandom choice(int index) {
    return new ScriptRandom(draw(2 * index + 1));
  }

  private synchronized long draw(int n) {
    while (drawn.size() <= n) {
      drawn.add(base.nextLong());
    }
    return drawn.get(n);
  }
}
