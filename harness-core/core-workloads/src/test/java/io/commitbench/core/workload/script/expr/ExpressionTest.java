package io.commitbench.core.workload.script.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The API the script runner uses: variables(), folding, debug lines, values and their text. */
class ExpressionTest {

  @Test
  void variablesAreListedInOrderOnce() throws Exception {
    assertThat(Expression.parse(":b + :a * :b").variables()).containsExactly("b", "a");
    assertThat(Expression.parse("1 + 2").variables()).isEmpty();
    assertThat(Expression.parse("hash_fnv1a(:x)").variables()).containsExactly("x", "default_seed");
    assertThat(Expression.parse("permute(:i, 10, 3)").variables()).containsExactly("i");
  }

  @Test
  void constantSubtreesAreFolded() throws Exception {
    assertThat(Expression.parse("1 + 2 * 3").constantValue()).isEqualTo(Value.ofInt(7));
    assertThat(Expression.parse("hash(10, 5432) # 1").constantValue()).isNotNull();
    assertThat(Expression.parse("random(1, 2)").constantValue()).isNull();
    assertThat(Expression.parse("debug(1)").constantValue()).isNull();
    assertThat(Expression.parse(":x + 1").constantValue()).isNull();
  }

  @Test
  void debugWritesPgbenchsValuePartAndReturnsItsArgument() throws Exception {
    MapContext context = new MapContext();
    assertThat(context.eval("debug(42)")).isEqualTo(Value.ofInt(42));
    context.eval("debug(1.5)");
    context.eval("debug(1 = 1)");
    context.eval("debug(null)");
    assertThat(context.debugLines).containsExactly("int 42", "double 1.5", "boolean true", "null");
  }

  @Test
  void textIsWhatPgbenchStoresInAVariable() {
    assertThat(Value.ofInt(-42).text()).isEqualTo("-42");
    assertThat(Value.ofDouble(1.5).text()).isEqualTo("1.5");
    assertThat(Value.ofDouble(Math.PI).text()).isEqualTo("3.14159265358979");
    assertThat(Value.ofDouble(1e-5).text()).isEqualTo("1e-05");
    assertThat(Value.ofDouble(123456789012345678.0).text()).isEqualTo("1.23456789012346e+17");
    assertThat(Value.ofDouble(Double.NaN).text()).isEqualTo("NaN");
    assertThat(Value.ofDouble(Double.NEGATIVE_INFINITY).text()).isEqualTo("-Infinity");
    assertThat(Value.ofBoolean(true).text()).isEqualTo("true");
    assertThat(Value.nullValue().text()).isEqualTo("NULL");
    assertThat(Value.ofText(" 12").text()).isEqualTo(" 12");
  }

  @Test
  void textReadsAsPgbenchReadsAVariable() throws Exception {
    assertThat(Value.ofText("42").asInt()).isEqualTo(42);
    assertThat(Value.ofText("2.5").asDouble()).isEqualTo(2.5);
    assertThat(Value.ofText("2.5").asInt()).isEqualTo(2);
    assertThat(Value.ofText("3.5").asInt()).isEqualTo(4);
    assertThat(Value.ofText("0x1A").asDouble()).isEqualTo(26.0);
    assertThat(Value.ofText("yes").asBoolean()).isTrue();
    assertThatThrownBy(() -> Value.ofText("abc").asInt()).isInstanceOf(EvaluationException.class)
        .hasMessage("malformed variable value: \"abc\"");
    assertThatThrownBy(() -> Value.ofText("").asDouble()).isInstanceOf(EvaluationException.class);
    assertThatThrownBy(() -> Value.ofBoolean(true).asInt()).hasMessage("cannot coerce boolean to int");
    assertThatThrownBy(() -> Value.nullValue().asDouble()).hasMessage("cannot coerce null to double");
  }

  /** As pgbench's valueTruth, which \if and CASE use: numbers are true unless zero, NULL is false. */
  @Test
  void truthIsPgbenchsConditionTruth() {
    assertThat(Value.ofInt(-3).truth()).isTrue();
    assertThat(Value.ofInt(0).truth()).isFalse();
    assertThat(Value.ofDouble(0.5).truth()).isTrue();
    assertThat(Value.ofDouble(0.0).truth()).isFalse();
    assertThat(Value.ofBoolean(true).truth()).isTrue();
    assertThat(Value.ofBoolean(false).truth()).isFalse();
    assertThat(Value.nullValue().truth()).isFalse();
  }

  @Test
  void typedVariablesPassThroughAsTheyAre() throws Exception {
    MapContext context = new MapContext().with("i", Value.ofInt(7)).with("d", Value.ofDouble(0.5))
        .with("t", Value.ofText("7"));
    assertThat(context.eval(":i * :d")).isEqualTo(Value.ofDouble(3.5));
    assertThat(context.eval(":t * 2")).isEqualTo(Value.ofInt(14));
    assertThat(context.eval(":t").kind()).isEqualTo(Value.Kind.INT);
  }

  @Test
  void oneTreeServesManyContexts() throws Exception {
    Expression expression = Expression.parse("random(1, 1000000) + :x");
    MapContext first = new MapContext(3).with("x", Value.ofInt(0));
    MapContext second = new MapContext(3).with("x", Value.ofInt(0));
    for (int i = 0; i < 10; i++) {
      assertThat(expression.evaluate(first)).isEqualTo(expression.evaluate(second));
    }
  }
}
