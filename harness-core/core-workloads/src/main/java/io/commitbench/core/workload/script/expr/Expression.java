package io.commitbench.core.workload.script.expr;

import java.util.Set;

/** A parsed expression of pgbench's {@code \set}; immutable, evaluated on any actor's thread. */
public final class Expression {

  /**
   * Parses {@code text}, the part of a {@code \set} line after the variable's name.
   *
   * @throws ExpressionSyntaxException with the 0-based offset in {@code text} of what is wrong
   */
  public static Expression parse(String text) throws ExpressionSyntaxException {
    throw new UnsupportedOperationException("to be implemented");
  }

  /** The names of the variables it reads ({@code :name}), for the check before a run. */
  public Set<String> variables() {
    throw new UnsupportedOperationException("to be implemented");
  }

  /** Evaluates it with pgbench's semantics: results, errors and random distributions. */
  public Value evaluate(EvaluationContext context) throws EvaluationException {
    throw new UnsupportedOperationException("to be implemented");
  }
}
