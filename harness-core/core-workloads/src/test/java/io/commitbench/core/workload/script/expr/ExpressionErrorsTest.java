package io.commitbench.core.workload.script.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Syntax errors with the offset where pgbench 15 puts its caret (the offending token's last
 * character, or the end of the text), and evaluation errors in pgbench's words. The offsets and
 * messages are those pgbench printed for the same expressions (pgbench-15-expressions.tsv).
 */
class ExpressionErrorsTest {

  private static void assertSyntaxError(String expression, int offset, String message) {
    assertThatThrownBy(() -> Expression.parse(expression))
        .as(expression)
        .isInstanceOfSatisfying(ExpressionSyntaxException.class, e -> {
          assertThat(e.offset()).as("offset in " + expression).isEqualTo(offset);
          assertThat(e.getMessage()).as(expression).startsWith(message);
        });
  }

  private static void assertEvaluationError(MapContext context, String expression, String message) {
    assertThatThrownBy(() -> context.eval(expression)).as(expression)
        .isInstanceOf(EvaluationException.class).hasMessage(message);
  }

  @Test
  void unknownFunctionIsReportedAtItsName() {
    assertSyntaxError("foo(1)", 2, "unexpected function name (foo)");
    assertSyntaxError("1 + nosuch(2)", 9, "unexpected function name (nosuch)");
    assertThatThrownBy(() -> Expression.parse("foo(1)"))
        .hasMessageContaining("abs").hasMessageContaining("random_zipfian");
  }

  @Test
  void wrongArgumentCountIsReportedAtTheClosingParenthesis() {
    assertSyntaxError("abs(1,2)", 7, "unexpected number of arguments (abs)");
    assertSyntaxError("pi(1)", 4, "unexpected number of arguments (pi)");
    assertSyntaxError("random(1)", 8, "unexpected number of arguments (random)");
    assertSyntaxError("hash(1,2,3)", 10, "unexpected number of arguments (hash)");
    assertSyntaxError("permute(1)", 9, "unexpected number of arguments (permute)");
    assertSyntaxError("least()", 6, "at least one argument expected (least)");
    assertThatThrownBy(() -> Expression.parse("abs(1,2)")).hasMessageContaining("takes 1, got 2");
  }

  @Test
  void unbalancedParentheses() {
    assertSyntaxError("(1 + 2", 6, "syntax error");
    assertSyntaxError("1 + 2)", 5, "syntax error");
    assertSyntaxError("abs(1", 5, "syntax error");
    assertSyntaxError("()", 1, "syntax error");
  }

  @Test
  void badTokens() {
    assertSyntaxError("1 $ 2", 2, "unexpected character ($)");
    assertSyntaxError(":", 0, "unexpected character (:)");
    assertSyntaxError("1 + 'abc", 4, "unexpected character (')");
    assertSyntaxError("1 + 'ab' + 2", 7, "unexpected character (')");
    assertSyntaxError("99999999999999999999", 19, "bigint constant overflow (99999999999999999999)");
    assertSyntaxError("1e400", 4, "double constant overflow (1e400)");
    assertSyntaxError("9223372036854775808", 18, "syntax error");
    assertSyntaxError("1 +", 3, "syntax error");
    assertSyntaxError("1 2", 2, "syntax error");
    assertSyntaxError("1 < 2 < 3", 6, "syntax error");
    assertSyntaxError("case when 1 then 2", 18, "syntax error");
    assertSyntaxError("1 is 2", 5, "syntax error");
  }

  @Test
  void arithmeticErrors() {
    MapContext context = new MapContext();
    assertEvaluationError(context, "1 / 0", "division by zero");
    assertEvaluationError(context, "1 % 0", "division by zero");
    assertEvaluationError(context, "9223372036854775807 + 1", "bigint add out of range");
    assertEvaluationError(context, "-9223372036854775808 - 1", "bigint sub out of range");
    assertEvaluationError(context, "3037000500 * 3037000500", "bigint mul out of range");
    assertEvaluationError(context, "-9223372036854775808 / -1", "bigint div out of range");
    assertEvaluationError(context, "int(1e19)", "double to int overflow for 10000000000000000000.000000");
  }

  @Test
  void typeErrors() {
    MapContext context = new MapContext();
    assertEvaluationError(context, "true + 1", "cannot coerce boolean to int");
    assertEvaluationError(context, "1.5 + true", "cannot coerce boolean to double");
    assertEvaluationError(context, "1 and true", "cannot coerce int to boolean");
    assertEvaluationError(context, "not 2.5", "cannot coerce double to boolean");
  }

  @Test
  void argumentErrors() {
    MapContext context = new MapContext();
    assertEvaluationError(context, "random(5, 1)", "empty range given to random");
    assertEvaluationError(context, "random(-9223372036854775808, 9223372036854775807)", "random range is too large");
    assertEvaluationError(context, "random_gaussian(1, 10, 1.5)",
        "gaussian parameter must be at least 2.000000 (not 1.500000)");
    assertEvaluationError(context, "random_exponential(1, 10, 0)",
        "exponential parameter must be greater than zero (not 0.000000)");
    assertEvaluationError(context, "random_zipfian(1, 10, 1.0)",
        "zipfian parameter must be in range [1.001, 1000] (not 1.000000)");
    assertEvaluationError(context, "permute(1, 0, 1)", "permute size parameter must be greater than zero");
    assertEvaluationError(context, "least(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)",
        "too many function arguments, maximum is 16");
  }

  @Test
  void variableErrors() {
    MapContext context = new MapContext().with("v", Value.ofText("abc"))
        .with("big", Value.ofText("99999999999999999999"));
    assertEvaluationError(context, ":nope + 1", "undefined variable \"nope\"");
    assertEvaluationError(context, "hash(1)", "undefined variable \"default_seed\"");
    assertEvaluationError(context, "permute(1, 10)", "undefined variable \"default_seed\"");
    assertEvaluationError(context, ":v + 1", "malformed variable \"v\" value: \"abc\"");
    assertEvaluationError(context, ":big", "value \"99999999999999999999\" is out of range for type bigint");
  }

  /** Errors in a branch not taken, or folded constants that fail, wait for evaluation, as in pgbench. */
  @Test
  void errorsHappenOnlyWhenEvaluated() throws Exception {
    MapContext context = new MapContext();
    assertThat(context.eval("case when false then 1 / 0 else 7 end").asInt()).isEqualTo(7);
    assertThat(context.eval("false and 1 / 0 = 0").text()).isEqualTo("false");
    Expression failing = Expression.parse("1 / 0");
    assertThat(failing.constantValue()).isNull();
    assertThatThrownBy(() -> failing.evaluate(context)).hasMessage("division by zero");
  }
}
