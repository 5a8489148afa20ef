package io.commitbench.core.workload.script.expr;

/**
 * The eager functions and operators, as pgbench 15's {@code evalStandardFunc}
 * (src/bin/pgbench/pgbench.c) computes them: a NULL argument gives NULL (but to IS and debug);
 * arithmetic and comparisons are on doubles when either side is a double and on 64-bit integers
 * otherwise, with overflow and division-by-zero errors; {@code %} and the bitwise operators are on
 * integers; errors carry pgbench's messages. Arguments come in already evaluated and typed.
 */
final class Functions {
  /** pgbench's {@code MAX_FARGS}: least and greatest take at most this many arguments. */
  static final int MAX_ARGUMENTS = 16;

  private Functions() {}

  static Value apply0(Builtin function) {
    if (function == Builtin.PI) {
      return Value.ofDouble(Math.PI);
    }
    throw new IllegalStateException(function + " takes arguments");
  }

  static Value apply1(Builtin function, EvaluationContext context, Value a) throws EvaluationException {
    if (a.isNull() && function != Builtin.DEBUG) {
      return a;
    }
    switch (function) {
      case NOT:
        return Value.ofBoolean(!a.asBoolean());
      case ABS:
        return abs(a);
      case DEBUG:
        context.debug(debugText(a));
        return a;
      case DOUBLE:
        return Value.ofDouble(a.asDouble());
      case SQRT:
        return Value.ofDouble(Math.sqrt(a.asDouble()));
      case LN:
        return Value.ofDouble(Math.log(a.asDouble()));
      case EXP:
        return Value.ofDouble(Math.exp(a.asDouble()));
      case INT:
        return Value.ofInt(a.asInt());
      case LEAST:
      case GREATEST:
        return extremum(function, new Value[] {a}, 1);
      default:
        throw new IllegalStateException(function + " does not take 1 argument");
    }
  }

  static Value apply2(Builtin function, EvaluationContext context, Value a, Value b)
      throws EvaluationException {
    if (function == Builtin.IS) {
      // pgbench compares the kinds and the boolean storage; the right side is NULL, TRUE or FALSE
      return Value.ofBoolean(a.kind() == b.kind() && (a.isNull() || a.rawBoolean() == b.rawBoolean()));
    }
    if (a.isNull() || b.isNull()) {
      return Value.nullValue();
    }
    switch (function) {
      case ADD:
      case SUB:
      case MUL:
      case DIV:
      case EQ:
      case NE:
      case LE:
      case LT:
        return a.isDouble() || b.isDouble() ? doubleArithmetic(function, a.asDouble(), b.asDouble())
            : intArithmetic(function, a.asInt(), b.asInt());
      case MOD:
        return intArithmetic(function, a.asInt(), b.asInt());
      case BITAND:
        return Value.ofInt(a.asInt() & b.asInt());
      case BITOR:
        return Value.ofInt(a.asInt() | b.asInt());
      case BITXOR:
        return Value.ofInt(a.asInt() ^ b.asInt());
      case LSHIFT: {
        long left = a.asInt();
        // C shifts on x86-64 take the count modulo 64, as Java does
        return Value.ofInt(left << b.asInt());
      }
      case RSHIFT: {
        long left = a.asInt();
        return Value.ofInt(left >> b.asInt());
      }
      case POW:
        return Value.ofDouble(Math.pow(a.asDouble(), b.asDouble()));
      case RANDOM: {
        long min = a.asInt();
        long max = b.asInt();
        checkRange(min, max);
        return Value.ofInt(context.random().nextLong(min, max));
      }
      case HASH_MURMUR2:
        return Value.ofInt(Hashes.murmur2(a.asInt(), b.asInt()));
      case HASH_FNV1A:
        return Value.ofInt(Hashes.fnv1a(a.asInt(), b.asInt()));
      case LEAST:
      case GREATEST:
        return extremum(function, new Value[] {a, b}, 2);
      default:
        throw new IllegalStateException(function + " does not take 2 arguments");
    }
  }

  static Value apply3(Builtin function, EvaluationContext context, Value a, Value b, Value c)
      throws EvaluationException {
    if (a.isNull() || b.isNull() || c.isNull()) {
      return Value.nullValue();
    }
    switch (function) {
      case RANDOM_GAUSSIAN:
      case RANDOM_EXPONENTIAL:
      case RANDOM_ZIPFIAN:
        return randomWithParameter(function, context, a.asInt(), b.asInt(), c);
      case PERMUTE: {
        long value = a.asInt();
        long size = b.asInt();
        long seed = c.asInt();
        if (size <= 0) {
          throw new EvaluationException("permute size parameter must be greater than zero");
        }
        return Value.ofInt(Hashes.permute(value, size, seed));
      }
      case LEAST:
      case GREATEST:
        return extremum(function, new Value[] {a, b, c}, 3);
      default:
        throw new IllegalStateException(function + " does not take 3 arguments");
    }
  }

  /** least and greatest: doubles if any argument is a double, else integers; C's Min and Max macros. */
  static Value extremum(Builtin function, Value[] arguments, int count) throws EvaluationException {
    boolean least = function == Builtin.LEAST;
    for (int i = 0; i < count; i++) {
      if (arguments[i].isNull()) {
        return Value.nullValue();
      }
    }
    boolean anyDouble = false;
    for (int i = 0; i < count; i++) {
      anyDouble |= arguments[i].isDouble();
    }
    if (anyDouble) {
      double result = arguments[0].asDouble();
      for (int i = 1; i < count; i++) {
        double next = arguments[i].asDouble();
        result = least ? (result < next ? result : next) : (result > next ? result : next);
      }
      return Value.ofDouble(result);
    }
    long result = arguments[0].asInt();
    for (int i = 1; i < count; i++) {
      long next = arguments[i].asInt();
      result = least ? Math.min(result, next) : Math.max(result, next);
    }
    return Value.ofInt(result);
  }

  private static Value abs(Value a) throws EvaluationException {
    if (a.kind() == Value.Kind.INT) {
      long i = a.rawInt();
      return Value.ofInt(i < 0 ? -i : i);
    }
    // pgbench reads a boolean's storage as a double here; refusing it is the only defined answer
    double d = a.asDouble();
    return Value.ofDouble(d < 0.0 ? -d : d);
  }

  /** The value part of pgbench's debug line: {@code int 42}, {@code double 1.5}, {@code boolean true}, {@code null}. */
  static String debugText(Value a) {
    switch (a.kind()) {
      case NULL:
        return "null";
      case BOOLEAN:
        return "boolean " + a.text();
      case INT:
        return "int " + a.text();
      case DOUBLE:
        return "double " + a.text();
      default:
        return "text " + a.text();
    }
  }

  private static Value doubleArithmetic(Builtin function, double left, double right) {
    switch (function) {
      case ADD:
        return Value.ofDouble(left + right);
      case SUB:
        return Value.ofDouble(left - right);
      case MUL:
        return Value.ofDouble(left * right);
      case DIV:
        return Value.ofDouble(left / right);
      case EQ:
        return Value.ofBoolean(left == right);
      case NE:
        return Value.ofBoolean(left != right);
      case LE:
        return Value.ofBoolean(left <= right);
      default:
        return Value.ofBoolean(left < right);
    }
  }

  private static Value intArithmetic(Builtin function, long left, long right) throws EvaluationException {
    switch (function) {
      case ADD: {
        long sum = left + right;
        if (((left ^ sum) & (right ^ sum)) < 0) {
          throw new EvaluationException("bigint add out of range");
        }
        return Value.ofInt(sum);
      }
      case SUB: {
        long difference = left - right;
        if (((left ^ right) & (left ^ difference)) < 0) {
          throw new EvaluationException("bigint sub out of range");
        }
        return Value.ofInt(difference);
      }
      case MUL: {
        long high = Math.multiplyHigh(left, right);
        long product = left * right;
        if (high != (product >> 63)) {
          throw new EvaluationException("bigint mul out of range");
        }
        return Value.ofInt(product);
      }
      case EQ:
        return Value.ofBoolean(left == right);
      case NE:
        return Value.ofBoolean(left != right);
      case LE:
        return Value.ofBoolean(left <= right);
      case LT:
        return Value.ofBoolean(left < right);
      default:
        return divide(function == Builtin.DIV, left, right);
    }
  }

  /** Integer division truncating toward zero, and its remainder; INT64_MIN / -1 overflows. */
  private static Value divide(boolean quotient, long left, long right) throws EvaluationException {
    if (right == 0) {
      throw new EvaluationException("division by zero");
    }
    if (right == -1) {
      if (!quotient) {
        return Value.ofInt(0);
      }
      if (left == Long.MIN_VALUE) {
        throw new EvaluationException("bigint div out of range");
      }
      return Value.ofInt(-left);
    }
    return Value.ofInt(quotient ? left / right : left % right);
  }

  private static void checkRange(long min, long max) throws EvaluationException {
    if (min > max) {
      throw new EvaluationException("empty range given to random");
    }
    long delta = max - min;
    if (((max ^ min) & (max ^ delta)) < 0 || delta == Long.MAX_VALUE) {
      throw new EvaluationException("random range is too large");
    }
  }

  private static Value randomWithParameter(Builtin function, EvaluationContext context, long min, long max,
      Value parameterValue) throws EvaluationException {
    checkRange(min, max);
    double parameter = parameterValue.asDouble();
    ScriptRandom random = context.random();
    switch (function) {
      case RANDOM_GAUSSIAN:
        if (parameter < RandomDistributions.MIN_GAUSSIAN_PARAM) {
          throw new EvaluationException("gaussian parameter must be at least "
              + CFormat.fixed6(RandomDistributions.MIN_GAUSSIAN_PARAM) + " (not " + CFormat.fixed6(parameter) + ")");
        }
        return Value.ofInt(RandomDistributions.gaussian(random, min, max, parameter));
      case RANDOM_ZIPFIAN:
        if (parameter < RandomDistributions.MIN_ZIPFIAN_PARAM || parameter > RandomDistributions.MAX_ZIPFIAN_PARAM) {
          throw new EvaluationException("zipfian parameter must be in range [1.001, 1000] (not "
              + CFormat.fixed6(parameter) + ")");
        }
        return Value.ofInt(RandomDistributions.zipfian(random, min, max, parameter));
      default:
        if (parameter <= 0.0) {
          throw new EvaluationException("exponential parameter must be greater than zero (not "
              + CFormat.fixed6(parameter) + ")");
        }
        return Value.ofInt(RandomDistributions.exponential(random, min, max, parameter));
    }
  }
}
