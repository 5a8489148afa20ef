package io.commitbench.core.workload.script.expr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** An evaluation context over a map of variables, a seeded random and a list of debug lines. */
final class MapContext implements EvaluationContext {
  final Map<String, Value> variables = new HashMap<>();
  final List<String> debugLines = new ArrayList<>();
  private final ScriptRandom random;

  MapContext(long seed) {
    random = new ScriptRandom(seed);
  }

  MapContext() {
    this(1);
  }

  MapContext with(String name, Value value) {
    variables.put(name, value);
    return this;
  }

  @Override
  public Value variable(String name) {
    return variables.get(name);
  }

  @Override
  public ScriptRandom random() {
    return random;
  }

  @Override
  public void debug(String line) {
    debugLines.add(line);
  }

  Value eval(String expression) throws ExpressionSyntaxException, EvaluationException {
    return Expression.parse(expression).evaluate(this);
  }
}
