package io.commitbench.core.workload.script.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Every example of the operator and function tables of the pgbench 15 documentation
 * (https://www.postgresql.org/docs/15/pgbench.html, "Built-in Operators" and "Built-in Functions"),
 * with the result the documentation gives.
 */
class DocumentedExamplesTest {
  private final MapContext context = new MapContext().with("default_seed", Value.ofInt(5432));

  private Value eval(String expression) throws Exception {
    return context.eval(expression);
  }

  private void assertInt(String expression, long expected) throws Exception {
    Value value = eval(expression);
    assertThat(value.kind()).as(expression).isEqualTo(Value.Kind.INT);
    assertThat(value.asInt()).as(expression).isEqualTo(expected);
  }

  private void assertDouble(String expression, double expected, double tolerance) throws Exception {
    Value value = eval(expression);
    assertThat(value.kind()).as(expression).isEqualTo(Value.Kind.DOUBLE);
    assertThat(value.asDouble()).as(expression).isCloseTo(expected, within(tolerance));
  }

  private void assertBoolean(String expression, boolean expected) throws Exception {
    Value value = eval(expression);
    assertThat(value.kind()).as(expression).isEqualTo(Value.Kind.BOOLEAN);
    assertThat(value.text()).as(expression).isEqualTo(Boolean.toString(expected));
  }

  /**
   * The table's {@code 5 or 0 → TRUE} and {@code 3 and 0 → FALSE} disagree with pgbench 15 itself,
   * whose {@code coerceToBool} takes booleans only: run, both abort with "cannot coerce int to
   * boolean" (recorded in pgbench-15-expressions.tsv). The evaluator follows pgbench; the same
   * examples with boolean operands give the documented results.
   */
  @Test
  void logicalOperators() throws Exception {
    assertThatThrownBy(() -> eval("5 or 0")).hasMessage("cannot coerce int to boolean");
    assertThatThrownBy(() -> eval("3 and 0")).hasMessage("cannot coerce int to boolean");
    assertBoolean("true or false", true);
    assertBoolean("true and false", false);
    assertBoolean("not false", true);
    assertBoolean("1 is null", false);
    assertBoolean("1 notnull", true);
  }

  @Test
  void comparisons() throws Exception {
    assertBoolean("5 = 4", false);
    assertBoolean("5 <> 4", true);
    assertBoolean("5 != 5", false);
    assertBoolean("5 < 4", false);
    assertBoolean("5 <= 4", false);
    assertBoolean("5 > 4", true);
    assertBoolean("5 >= 4", true);
  }

  @Test
  void bitwiseOperators() throws Exception {
    assertInt("1 | 2", 3);
    assertInt("1 # 3", 2);
    assertInt("1 & 3", 1);
    assertInt("~ 1", -2);
    assertInt("1 << 2", 4);
    assertInt("8 >> 2", 2);
  }

  @Test
  void arithmeticOperators() throws Exception {
    assertInt("5 + 4", 9);
    assertDouble("3 - 2.0", 1.0, 0.0);
    assertInt("5 * 4", 20);
    assertInt("5 / 3", 1);
    assertInt("3 % 2", 1);
    assertDouble("- 2.0", -2.0, 0.0);
  }

  @Test
  void functions() throws Exception {
    assertInt("abs(-17)", 17);
    assertDouble("debug(5432.1)", 5432.1, 0.0);
    assertThat(context.debugLines).containsExactly("double 5432.1");
    assertDouble("double(5432)", 5432.0, 0.0);
    assertDouble("exp(1.0)", 2.718281828459045, 1e-15);
    assertInt("greatest(5, 4, 3, 2)", 5);
    assertInt("hash(10, 5432)", -5817877081768721676L);
    assertInt("hash_fnv1a(10, 5432)", -7793829335365542153L);
    assertInt("hash_murmur2(10, 5432)", -5817877081768721676L);
    assertInt("int(5.4 + 3.8)", 9);
    assertDouble("least(5, 4, 3, 2.1)", 2.1, 0.0);
    assertDouble("ln(2.718281828459045)", 1.0, 1e-15);
    assertInt("mod(54, 32)", 22);
    assertThat(eval("permute(0, 4)").asInt()).isBetween(0L, 3L);
    assertDouble("pi()", 3.14159265358979323846, 0.0);
    assertDouble("pow(2.0, 10)", 1024.0, 0.0);
    assertDouble("power(2.0, 10)", 1024.0, 0.0);
    assertDouble("sqrt(2.0)", 1.414213562, 1e-9);
  }

  @Test
  void randomFunctions() throws Exception {
    for (int i = 0; i < 100; i++) {
      assertThat(eval("random(1, 10)").asInt()).isBetween(1L, 10L);
      assertThat(eval("random_exponential(1, 10, 3.0)").asInt()).isBetween(1L, 10L);
      assertThat(eval("random_gaussian(1, 10, 2.5)").asInt()).isBetween(1L, 10L);
      assertThat(eval("random_zipfian(1, 10, 1.5)").asInt()).isBetween(1L, 10L);
    }
  }

  /** The hash functions' documented default: {@code :default_seed}. */
  @Test
  void hashesReadTheDefaultSeed() throws Exception {
    assertInt("hash(10)", -5817877081768721676L);
    assertInt("hash_fnv1a(10)", -7793829335365542153L);
    assertThat(Expression.parse("hash(10)").variables()).containsExactly("default_seed");
  }
}
