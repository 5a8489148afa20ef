package io.commitbench.core.key;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class KeyTest {

  private static final Key NUMBER = Key.integer("n", 5, 0, 10, "doc");
  private static final Key FLAG = Key.bool("b", true, "doc");
  private static final Key CHOICE = Key.choice("c", "x", List.of("x", "y-z"), "doc");
  private static final Key IDENTIFIER = Key.identifier("i", "cb_", "doc");
  private static final Key ENV = Key.envName("e", "doc");
  private static final Key TEXT = Key.text("t", null, "doc");

  @Test
  void allowedDescribesEachType() {
    assertThat(NUMBER.allowed()).isEqualTo("a whole number from 0 to 10");
    assertThat(FLAG.allowed()).isEqualTo("true or false");
    assertThat(CHOICE.allowed()).isEqualTo("one of x, y-z");
    assertThat(IDENTIFIER.allowed())
        .isEqualTo("a lower-case identifier of 1 to 30 characters (a-z, 0-9, _; starting with a letter)");
    assertThat(ENV.allowed()).isEqualTo("the name of an environment variable");
    assertThat(TEXT.allowed()).isEqualTo("any non-empty text");
  }

  @Test
  void factoriesSetDefaultsAndRequirement() {
    assertThat(Key.requiredInteger("r", 1, 2, "d").required()).isTrue();
    assertThat(Key.requiredInteger("r", 1, 2, "d").defaultValue()).isEmpty();
    assertThat(NUMBER.required()).isFalse();
    assertThat(NUMBER.defaultValue()).contains("5");
    assertThat(FLAG.defaultValue()).contains("true");
    assertThat(CHOICE.defaultValue()).contains("x");
    assertThat(Key.choice("c", null, List.of("x"), "d").defaultValue()).isEmpty();
    assertThat(ENV.defaultValue()).isEmpty();
    assertThat(TEXT.defaultValue()).isEmpty();
  }

  @Test
  void choicesAreCopied() {
    List<String> choices = new java.util.ArrayList<>(List.of("a"));
    Key key = Key.choice("c", "a", choices, "d");
    choices.add("b");

    assertThat(key.choices()).containsExactly("a");
  }

  @ParameterizedTest(name = "''{0}'' -> {1}")
  @CsvSource({"0, 0", "10, 10", "' 7 ', 7", "+3, 3", "-0, 0"})
  void integersWithinRange(String raw, long expected) {
    assertThat(NUMBER.parse(raw).value()).isEqualTo(expected);
  }

  @ParameterizedTest(name = "''{0}'' -> {1}")
  @CsvSource(delimiter = '|', value = {
      "11 | out of range",
      "-1 | out of range",
      "9223372036854775808 | out of range",
      "-9223372036854775809 | out of range",
      "1.0 | not a whole number",
      "ten | not a whole number",
      "'' | not a whole number",
      "5 # five | not a whole number (a .properties file has no inline comments: put '#' comments on their own line)"})
  void integerProblems(String raw, String problem) {
    Key.Parsed parsed = NUMBER.parse(raw);

    assertThat(parsed.isOk()).isFalse();
    assertThat(parsed.problem()).isEqualTo(problem);
  }

  @ParameterizedTest(name = "''{0}''")
  @CsvSource({"true, true", "false, false", "' true ', true"})
  void booleans(String raw, boolean expected) {
    assertThat(FLAG.parse(raw).value()).isEqualTo(expected);
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"yes", "1", "", "truee"})
  void notBooleans(String raw) {
    assertThat(FLAG.parse(raw).problem()).isEqualTo("not a boolean");
  }

  @Test
  void choices() {
    assertThat(CHOICE.parse(" y-z ").value()).isEqualTo("y-z");
    assertThat(CHOICE.parse("X").problem()).isEqualTo("not an allowed value");
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"a", "cb_table_", "t1", "abcdefghijklmnopqrstuvwxyz0123"})
  void identifiers(String raw) {
    assertThat(IDENTIFIER.parse(raw).value()).isEqualTo(raw);
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"1t", "_t", "T", "cb-table", "abcdefghijklmnopqrstuvwxyz01234", "", "a b"})
  void notIdentifiers(String raw) {
    assertThat(IDENTIFIER.parse(raw).problem()).isEqualTo("not an identifier");
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"PGPASSWORD", "_x", "db_pw_2", "a"})
  void environmentNames(String raw) {
    assertThat(ENV.parse(raw).value()).isEqualTo(raw);
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"2PW", "PG-PW", "", "$PW"})
  void notEnvironmentNames(String raw) {
    assertThat(ENV.parse(raw).problem()).isEqualTo("not an environment variable name");
  }

  @Test
  void textIsTrimmedAndMustNotBeEmpty() {
    assertThat(TEXT.parse("  a b # c ").value()).isEqualTo("a b # c");
    assertThat(TEXT.parse("   ").problem()).isEqualTo("empty");
  }
}
