package io.commitbench.core.workload.script;

/**
 * What is wrong with a script, where, and what is allowed there; thrown before anything runs. Its
 * message reads {@code checkout.sql:3:14: what is wrong; allowed: what would do}.
 */
public final class ScriptSyntaxException extends Exception {
  private static final long serialVersionUID = 1L;

  private final transient SourcePosition position;
  private final String problem;
  private final String allowed;

  public ScriptSyntaxException(SourcePosition position, String problem, String allowed) {
    super(position + ": " + problem + "; allowed: " + allowed);
    this.position = position;
    this.problem = problem;
    this.allowed = allowed;
  }

  /** Where the problem is: the file as given, 1-based line and column. */
  public SourcePosition position() {
    return position;
  }

  /** What is wrong, without the position. */
  public String problem() {
    return problem;
  }

  /** What would be accepted there. */
  public String allowed() {
    return allowed;
  }
}
