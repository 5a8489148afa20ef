package io.commitbench.core.workload.script.expr;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The functions of pgbench 15's {@code PGBENCH_FUNCTIONS} table (src/bin/pgbench/exprparse.y), the
 * operators included, with the number of arguments each takes.
 */
enum Builtin {
  ADD(2), SUB(2), MUL(2), DIV(2), MOD("mod", 2),
  ABS("abs", 1), LEAST("least", Arity.AT_LEAST_ONE), GREATEST("greatest", Arity.AT_LEAST_ONE),
  DEBUG("debug", 1), PI("pi", 0), SQRT("sqrt", 1), LN("ln", 1), EXP("exp", 1), INT("int", 1),
  DOUBLE("double", 1), RANDOM("random", 2), RANDOM_GAUSSIAN("random_gaussian", 3),
  RANDOM_EXPONENTIAL("random_exponential", 3), RANDOM_ZIPFIAN("random_zipfian", 3), POW("pow", 2),
  NOT(1), BITAND(2), BITOR(2), BITXOR(2), LSHIFT(2), RSHIFT(2), EQ(2), NE(2), LE(2), LT(2), IS(2),
  HASH_MURMUR2("hash_murmur2", Arity.OPTIONAL_SEED), HASH_FNV1A("hash_fnv1a", Arity.OPTIONAL_SEED),
  PERMUTE("permute", Arity.OPTIONAL_SEED);

  /** How many arguments a function takes, as exprparse.y's {@code make_func} checks them. */
  enum Arity { FIXED, AT_LEAST_ONE, OPTIONAL_SEED }

  /** Names a script may call, case-insensitive as pgbench's {@code find_func}. */
  private static final Map<String, Builtin> BY_NAME = new TreeMap<>();

  static {
    for (Builtin builtin : values()) {
      if (builtin.name != null) {
        BY_NAME.put(builtin.name, builtin);
      }
    }
    BY_NAME.put("power", POW);
    BY_NAME.put("hash", HASH_MURMUR2);
  }

  final String name;
  final Arity arity;
  /** The fixed count, or for OPTIONAL_SEED the count with the seed. */
  final int arguments;

  Builtin(int arguments) {
    this(null, arguments);
  }

  Builtin(String name, int arguments) {
    this.name = name;
    this.arity = Arity.FIXED;
    this.arguments = arguments;
  }

  Builtin(String name, Arity arity) {
    this.name = name;
    this.arity = arity;
    this.arguments = "permute".equals(name) ? 3 : 2;
  }

  static Builtin byName(String name) {
    return BY_NAME.get(name.toLowerCase(Locale.ROOT));
  }

  static String names() {
    return String.join(", ", BY_NAME.keySet());
  }

  /** Whether its result depends on nothing but its arguments, so constant arguments may be folded. */
  boolean isPure() {
    return this != DEBUG && this != RANDOM && this != RANDOM_GAUSSIAN && this != RANDOM_EXPONENTIAL
        && this != RANDOM_ZIPFIAN;
  }

  /** What {@link #arity} allows, for an error message. */
  String expected() {
    switch (arity) {
      case AT_LEAST_ONE:
        return "at least 1";
      case OPTIONAL_SEED:
        return (arguments - 1) + " or " + arguments;
      default:
        return Integer.toString(arguments);
    }
  }
}
