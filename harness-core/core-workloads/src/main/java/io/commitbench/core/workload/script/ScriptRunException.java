package io.commitbench.core.workload.script;

/**
 * A script failed in a way the database did not cause: an expression that cannot be evaluated
 * (division by zero), an undefined variable, {@code \gset} on a result without exactly one row, a
 * transaction block left open. The message starts with the command's position ({@code
 * checkout.sql:12:1: ...}). Not an SQLException, so the engine neither retries nor counts it: it
 * ends the actor's work and the run stops with the message, as pgbench aborts a client.
 */
final class ScriptRunException extends Exception {
  private static final long serialVersionUID = 1L;

  ScriptRunException(SourcePosition position, String message) {
    super(position + ": " + message);
  }

  ScriptRunException(SourcePosition position, String message, Throwable cause) {
    super(position + ": " + message, cause);
  }
}
