package io.commitbench.core.workload.script;

import io.commitbench.core.workload.script.expr.EvaluationContext;
import io.commitbench.core.workload.script.expr.ScriptRandom;
import io.commitbench.core.workload.script.expr.Value;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One actor's variables, as a pgbench client's: set before its first transaction ({@code :scale},
 * {@code :client_id}, {@code :random_seed}, {@code :default_seed}, then {@code script.vars}), and
 * by its scripts' {@code \set}, {@code \gset} and {@code \aset}, kept from one transaction to the
 * next as pgbench keeps them. The expressions read them, with the actor's random state, through
 * {@link EvaluationContext}. Confined to the actor's thread.
 */
final class ScriptVariables implements EvaluationContext {

  private final Map<String, Value> values = new HashMap<>();
  private final ScriptRandom random;
  private final Consumer<String> debug;

  /**
   * @param initial the variables every transaction starts with, by name
   * @param random the actor's random functions' generator
   * @param debug where {@code debug()} writes
   */
  ScriptVariables(Map<String, Value> initial, ScriptRandom random, Consumer<String> debug) {
    values.putAll(initial);
    this.random = random;
    this.debug = debug;
  }

  @Override
  public Value variable(String name) {
    return values.get(name);
  }

  void set(String name, Value value) {
    values.put(name, value);
  }

  @Override
  public ScriptRandom random() {
    return random;
  }

  @Override
  public void debug(String line) {
    debug.accept(line);
  }
}
