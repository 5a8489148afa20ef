package io.commitbench.core.workload.script.expr;

/** What an expression reads while it is evaluated: one actor's variables and random state. */
public interface EvaluationContext {

  /** The variable's value, or null when it has none. */
  Value variable(String name);

  /** The actor's random state (pgbench's per-client PRNG, seeded from {@code :random_seed}). */
  ScriptRandom random();

  /** Where {@code debug()} writes its line, as pgbench writes it to stderr. */
  void debug(String line);
}
