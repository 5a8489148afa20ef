package io.commitbench.core.workload.script.expr;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * A parsed expression of pgbench's {@code \set}; immutable, evaluated on any actor's thread.
 *
 * <p>The language is pgbench 15's (src/bin/pgbench/exprparse.y, exprscan.l and the evaluation in
 * pgbench.c): integer, double, boolean and NULL constants, {@code :variables}, the operators, CASE,
 * and every built-in function, with pgbench's results and error messages.
 *
 * <pre>
 *   Expression expression = Expression.parse("random(1, 100000 * :scale)");
 *   Value aid = expression.evaluate(context);
 * </pre>
 */
public final class Expression {
  private final String text;
  private final Node root;
  private final Set<String> variables;

  private Expression(String text, Node root) {
    this.text = text;
    this.root = root;
    Set<String> names = new LinkedHashSet<>();
    root.collectVariables(names);
    this.variables = Collections.unmodifiableSet(names);
  }

  /**
   * Parses {@code text}, the part of a {@code \set} line after the variable's name.
   *
   * @throws ExpressionSyntaxException with the 0-based offset in {@code text} of what is wrong
   */
  public static Expression parse(String text) throws ExpressionSyntaxException {
    return new Expression(text, Parser.parse(text));
  }

  /**
   * The names of the variables it reads ({@code :name}), for the check before a run, in the order
   * they appear; {@code default_seed} when a hash or permute reads it by default.
   */
  public Set<String> variables() {
    return variables;
  }

  /** Evaluates it with pgbench's semantics: results, errors and random distributions. */
  public Value evaluate(EvaluationContext context) throws EvaluationException {
    return root.evaluate(context);
  }

  /** Its value when it reads no variable and draws nothing random (it was folded), else null. */
  public Value constantValue() {
    return root.constant();
  }

  @Override
  public String toString() {
    return text;
  }
}
