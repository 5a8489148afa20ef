package io.commitbench.core.workload.script.expr;

/** An expression failed as pgbench's would: division by zero, an integer out of range, a bad argument. */
public final class EvaluationException extends Exception {
  private static final long serialVersionUID = 1L;

  public EvaluationException(String message) {
    super(message);
  }
}
