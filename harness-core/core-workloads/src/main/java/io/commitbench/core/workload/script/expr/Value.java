package io.commitbench.core.workload.script.expr;

/**
 * A value of pgbench's expression language: NULL, a boolean, a 64-bit integer, a double, or the
 * text a variable was given ({@code \gset}, {@code script.vars}) that an expression reads as a
 * number when it uses it.
 */
public final class Value {

  /** The kinds of value, as pgbench's {@code PgBenchValueType} plus text. */
  public enum Kind { NULL, BOOLEAN, INT, DOUBLE, TEXT }

  public static Value ofInt(long value) {
    throw new UnsupportedOperationException("to be implemented");
  }

  public static Value ofDouble(double value) {
    throw new UnsupportedOperationException("to be implemented");
  }

  public static Value ofBoolean(boolean value) {
    throw new UnsupportedOperationException("to be implemented");
  }

  public static Value ofText(String value) {
    throw new UnsupportedOperationException("to be implemented");
  }

  public static Value nullValue() {
    throw new UnsupportedOperationException("to be implemented");
  }

  public Kind kind() {
    throw new UnsupportedOperationException("to be implemented");
  }

  /** The integer (INT, or TEXT that reads as one); EvaluationException otherwise. */
  public long asInt() throws EvaluationException {
    throw new UnsupportedOperationException("to be implemented");
  }

  /** The double (DOUBLE, INT, or TEXT that reads as a number); EvaluationException otherwise. */
  public double asDouble() throws EvaluationException {
    throw new UnsupportedOperationException("to be implemented");
  }

  /** As pgbench writes the value into a variable's text: {@code 42}, {@code 1.5}, {@code true}. */
  public String text() {
    throw new UnsupportedOperationException("to be implemented");
  }
}
