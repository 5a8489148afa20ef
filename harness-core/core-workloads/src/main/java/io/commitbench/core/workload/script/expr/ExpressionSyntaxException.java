package io.commitbench.core.workload.script.expr;

/** What is wrong with an expression's text, with the offset in it where it is wrong. */
public final class ExpressionSyntaxException extends Exception {
  private static final long serialVersionUID = 1L;

  private final int offset;

  public ExpressionSyntaxException(String message, int offset) {
    super(message);
    this.offset = offset;
  }

  /** 0-based, in the text given to {@link Expression#parse}. */
  public int offset() {
    return offset;
  }
}
