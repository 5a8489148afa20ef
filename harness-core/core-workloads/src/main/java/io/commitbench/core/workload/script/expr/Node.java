package io.commitbench.core.workload.script.expr;

import java.util.Set;

/** A node of a parsed expression; immutable, so one tree serves every actor. */
abstract class Node {

  /** Its value, typed: a variable's text is read as pgbench reads it. */
  abstract Value evaluate(EvaluationContext context) throws EvaluationException;

  /** Adds the names of the variables it reads. */
  void collectVariables(Set<String> names) {}

  /** Its value when it reads no variable and draws nothing random: a literal, or a folded one. */
  Value constant() {
    return null;
  }
}
