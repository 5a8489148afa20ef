package io.commitbench.core.workload.script.expr;

import java.util.Set;

/** The kinds of node: constants, variables, calls of eager functions, and the lazy AND, OR and CASE. */
final class Nodes {
  private Nodes() {}

  static final class Constant extends Node {
    private final Value value;

    Constant(Value value) {
      this.value = value;
    }

    @Override
    Value evaluate(EvaluationContext context) {
      return value;
    }

    @Override
    Value constant() {
      return value;
    }
  }

  /** {@code :name}; an undefined variable is an error, as pgbench's evaluateExpr reports it. */
  static final class Variable extends Node {
    private final String name;

    Variable(String name) {
      this.name = name;
    }

    @Override
    Value evaluate(EvaluationContext context) throws EvaluationException {
      Value value = context.variable(name);
      if (value == null) {
        throw new EvaluationException("undefined variable \"" + name + "\"");
      }
      return value.typed(name);
    }

    @Override
    void collectVariables(Set<String> names) {
      names.add(name);
    }
  }

  /** An eager function: every argument is evaluated, in order, before it runs. */
  static final class Call extends Node {
    private final Builtin function;
    private final Node[] arguments;

    Call(Builtin function, Node[] arguments) {
      this.function = function;
      this.arguments = arguments;
    }

    @Override
    Value evaluate(EvaluationContext context) throws EvaluationException {
      switch (arguments.length) {
        case 0:
          return Functions.apply0(function);
        case 1:
          return Functions.apply1(function, context, arguments[0].evaluate(context));
        case 2: {
          Value first = arguments[0].evaluate(context);
          return Functions.apply2(function, context, first, arguments[1].evaluate(context));
        }
        case 3: {
          Value first = arguments[0].evaluate(context);
          Value second = arguments[1].evaluate(context);
          return Functions.apply3(function, context, first, second, arguments[2].evaluate(context));
        }
        default:
          return evaluateMany(context);
      }
    }

    /** least and greatest with more than three arguments; pgbench refuses more than 16 when it runs. */
    private Value evaluateMany(EvaluationContext context) throws EvaluationException {
      int count = Math.min(arguments.length, Functions.MAX_ARGUMENTS);
      Value[] values = new Value[count];
      for (int i = 0; i < count; i++) {
        values[i] = arguments[i].evaluate(context);
      }
      if (arguments.length > Functions.MAX_ARGUMENTS) {
        throw new EvaluationException("too many function arguments, maximum is " + Functions.MAX_ARGUMENTS);
      }
      return Functions.extremum(function, values, count);
    }

    @Override
    void collectVariables(Set<String> names) {
      for (Node argument : arguments) {
        argument.collectVariables(names);
      }
    }
  }

  /**
   * {@code a AND b}, lazily as pgbench's evalLazyFunc: NULL on the left gives NULL, false gives false
   * without evaluating the right; both sides must be booleans.
   */
  static final class And extends Node {
    private final Node left;
    private final Node right;

    And(Node left, Node right) {
      this.left = left;
      this.right = right;
    }

    @Override
    Value evaluate(EvaluationContext context) throws EvaluationException {
      Value first = left.evaluate(context);
      if (first.isNull()) {
        return first;
      }
      if (!first.asBoolean()) {
        return first;
      }
      Value second = right.evaluate(context);
      return second.isNull() ? second : Value.ofBoolean(second.asBoolean());
    }

    @Override
    void collectVariables(Set<String> names) {
      left.collectVariables(names);
      right.collectVariables(names);
    }
  }

  /** {@code a OR b}, lazily: NULL on the left gives NULL, true gives true without the right. */
  static final class Or extends Node {
    private final Node left;
    private final Node right;

    Or(Node left, Node right) {
      this.left = left;
      this.right = right;
    }

    @Override
    Value evaluate(EvaluationContext context) throws EvaluationException {
      Value first = left.evaluate(context);
      if (first.isNull()) {
        return first;
      }
      if (first.asBoolean()) {
        return first;
      }
      Value second = right.evaluate(context);
      return second.isNull() ? second : Value.ofBoolean(second.asBoolean());
    }

    @Override
    void collectVariables(Set<String> names) {
      left.collectVariables(names);
      right.collectVariables(names);
    }
  }

  /**
   * {@code CASE WHEN c THEN v ... [ELSE e] END}: the first condition that is true (a true boolean, a
   * non-zero number; NULL is false) chooses its value; no ELSE gives NULL.
   */
  static final class Case extends Node {
    private final Node[] conditions;
    private final Node[] results;
    private final Node otherwise;

    Case(Node[] conditions, Node[] results, Node otherwise) {
      this.conditions = conditions;
      this.results = results;
      this.otherwise = otherwise;
    }

    @Override
    Value evaluate(EvaluationContext context) throws EvaluationException {
      for (int i = 0; i < conditions.length; i++) {
        if (conditions[i].evaluate(context).truth()) {
          return results[i].evaluate(context);
        }
      }
      return otherwise.evaluate(context);
    }

    @Override
    void collectVariables(Set<String> names) {
      for (int i = 0; i < conditions.length; i++) {
        conditions[i].collectVariables(names);
        results[i].collectVariables(names);
      }
      otherwise.collectVariables(names);
    }
  }
}
