package io.commitbench.core.workload.script.expr;

/**
 * A value of pgbench's expression language: NULL, a boolean, a 64-bit integer, a double, or the
 * text a variable was given ({@code \gset}, {@code script.vars}) that an expression reads as a
 * number when it uses it.
 *
 * <p>Immutable and safe to share between threads (a TEXT value keeps what it reads as once computed,
 * an idempotent cache). The coercions follow pgbench 15's
 * {@code coerceToInt}, {@code coerceToDouble} and {@code makeVariableValue} (src/bin/pgbench/pgbench.c).
 */
public final class Value {

  /** The kinds of value, as pgbench's {@code PgBenchValueType} plus text. */
  public enum Kind { NULL, BOOLEAN, INT, DOUBLE, TEXT }

  private static final Value NULL = new Value(Kind.NULL, 0L, null);
  private static final Value TRUE = new Value(Kind.BOOLEAN, 1L, null);
  private static final Value FALSE = new Value(Kind.BOOLEAN, 0L, null);
  private static final int CACHE_LOW = -128;
  private static final int CACHE_HIGH = 1024;
  private static final Value[] SMALL_INTS = new Value[CACHE_HIGH - CACHE_LOW + 1];

  static {
    for (int i = 0; i < SMALL_INTS.length; i++) {
      SMALL_INTS[i] = new Value(Kind.INT, i + CACHE_LOW, null);
    }
  }

  private final Kind kind;
  /** The integer, the double's bits, or 1/0 for a boolean. */
  private final long bits;
  /** The text of a TEXT value. */
  private final String text;
  /** A TEXT value read as pgbench reads a variable, computed once; a benign race like String's hash. */
  private Value typed;

  private Value(Kind kind, long bits, String text) {
    this.kind = kind;
    this.bits = bits;
    this.text = text;
  }

  public static Value ofInt(long value) {
    if (value >= CACHE_LOW && value <= CACHE_HIGH) {
      return SMALL_INTS[(int) value - CACHE_LOW];
    }
    return new Value(Kind.INT, value, null);
  }

  public static Value ofDouble(double value) {
    return new Value(Kind.DOUBLE, Double.doubleToRawLongBits(value), null);
  }

  public static Value ofBoolean(boolean value) {
    return value ? TRUE : FALSE;
  }

  public static Value ofText(String value) {
    if (value == null) {
      throw new IllegalArgumentException("a text value needs a string, got null");
    }
    return new Value(Kind.TEXT, 0L, value);
  }

  public static Value nullValue() {
    return NULL;
  }

  public Kind kind() {
    return kind;
  }

  /**
   * The integer: INT as is, DOUBLE rounded half to even (pgbench's {@code rint}) when it fits, TEXT
   * read as pgbench reads a variable; EvaluationException otherwise, with pgbench's message.
   */
  public long asInt() throws EvaluationException {
    switch (kind) {
      case INT:
        return bits;
      case DOUBLE:
        return doubleToInt(Double.longBitsToDouble(bits));
      case TEXT:
        return typed(null).asInt();
      default:
        throw new EvaluationException("cannot coerce " + typeName() + " to int");
    }
  }

  /** The double (DOUBLE, INT, or TEXT that reads as a number); EvaluationException otherwise. */
  public double asDouble() throws EvaluationException {
    switch (kind) {
      case DOUBLE:
        return Double.longBitsToDouble(bits);
      case INT:
        return bits;
      case TEXT:
        return typed(null).asDouble();
      default:
        throw new EvaluationException("cannot coerce " + typeName() + " to double");
    }
  }

  /** The boolean of a BOOLEAN value (pgbench's {@code coerceToBool}); EvaluationException otherwise. */
  public boolean asBoolean() throws EvaluationException {
    if (kind == Kind.BOOLEAN) {
      return bits != 0;
    }
    if (kind == Kind.TEXT) {
      return typed(null).asBoolean();
    }
    throw new EvaluationException("cannot coerce " + typeName() + " to boolean");
  }

  /**
   * As pgbench writes the value into a variable's text: {@code 42}, {@code 1.5}, {@code true},
   * {@code NULL}; a double as C's {@code "%.15g"} ({@code DBL_DIG} digits), as pgbench's getVariable.
   */
  public String text() {
    switch (kind) {
      case NULL:
        return "NULL";
      case BOOLEAN:
        return bits != 0 ? "true" : "false";
      case INT:
        return Long.toString(bits);
      case DOUBLE:
        return CFormat.shortest15(Double.longBitsToDouble(bits));
      default:
        return text;
    }
  }

  /** pgbench's {@code valueTypeName}; a TEXT value is named by the kind it reads as. */
  String typeName() {
    switch (kind) {
      case NULL:
        return "null";
      case BOOLEAN:
        return "boolean";
      case INT:
        return "int";
      case DOUBLE:
        return "double";
      default:
        return "text";
    }
  }

  boolean isNull() {
    return kind == Kind.NULL;
  }

  boolean isDouble() {
    return kind == Kind.DOUBLE;
  }

  /** The raw integer of an INT value, the double of a DOUBLE value, the flag of a BOOLEAN: no checks. */
  long rawInt() {
    return bits;
  }

  double rawDouble() {
    return Double.longBitsToDouble(bits);
  }

  boolean rawBoolean() {
    return bits != 0;
  }

  /**
   * Whether pgbench's {@code \if} and CASE take it as true ({@code valueTruth}): a true boolean or a
   * non-zero number; NULL, false and zero are not. For what {@link Expression#evaluate} returns, which
   * is never TEXT (a TEXT value is not true).
   */
  public boolean truth() {
    switch (kind) {
      case BOOLEAN:
      case INT:
        return bits != 0;
      case DOUBLE:
        return Double.longBitsToDouble(bits) != 0.0;
      default:
        return false;
    }
  }

  /**
   * This value with TEXT read as pgbench's {@code makeVariableValue} reads a variable; other kinds are
   * returned as they are.
   *
   * @param variable the variable's name for the error message, or null
   */
  Value typed(String variable) throws EvaluationException {
    if (kind != Kind.TEXT) {
      return this;
    }
    Value result = typed;
    if (result == null) {
      result = VariableText.read(variable, text);
      typed = result;
    }
    return result;
  }

  /** pgbench's double to int conversion: {@code rint}, then a range check. */
  static long doubleToInt(double value) throws EvaluationException {
    double rounded = Math.rint(value);
    if (Double.isNaN(rounded) || rounded < -0x1p63 || rounded >= 0x1p63) {
      throw new EvaluationException("double to int overflow for " + CFormat.fixed6(rounded));
    }
    return (long) rounded;
  }

  @Override
  public boolean equals(Object other) {
    if (!(other instanceof Value)) {
      return false;
    }
    Value that = (Value) other;
    return kind == that.kind && bits == that.bits && java.util.Objects.equals(text, that.text);
  }

  @Override
  public int hashCode() {
    return kind.hashCode() * 31 + Long.hashCode(bits) + (text == null ? 0 : text.hashCode());
  }

  @Override
  public String toString() {
    return typeName() + " " + text();
  }
}
