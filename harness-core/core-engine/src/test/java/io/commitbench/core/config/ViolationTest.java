package io.commitbench.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.key.Violation;
import java.util.List;
import org.junit.jupiter.api.Test;

class ViolationTest {

  @Test
  void aGivenValueIsShownAfterTheKey() {
    assertThat(new Violation("users", "abc", "not a whole number; allowed: a whole number from 1 to 10000"))
        .hasToString("users=abc: not a whole number; allowed: a whole number from 1 to 10000");
  }

  @Test
  void aMissingValueShowsTheKeyAlone() {
    assertThat(new Violation("repeat", null, "missing; required: x")).hasToString("repeat: missing; required: x");
  }

  @Test
  void anEmptyValueIsStillShown() {
    assertThat(new Violation("users", "", "m")).hasToString("users=: m");
  }

  @Test
  void oneProblemIsSingular() {
    ConfigException e = new ConfigException(List.of(new Violation("users", "0", "out of range")));

    assertThat(e).hasMessage("1 problem in the configuration:\n  - users=0: out of range");
  }

  @Test
  void severalProblemsAreListedInOrder() {
    ConfigException e = new ConfigException(List.of(
        new Violation("users", "0", "out of range"), new Violation("repeat", null, "missing")));

    assertThat(e).hasMessage("2 problems in the configuration:\n  - users=0: out of range\n  - repeat: missing");
    assertThat(e.violations()).extracting(Violation::key).containsExactly("users", "repeat");
  }

  @Test
  void theListIsACopy() {
    List<Violation> list = new java.util.ArrayList<>(List.of(new Violation("a", "b", "c")));
    ConfigException e = new ConfigException(list);
    list.clear();

    assertThat(e.violations()).hasSize(1);
  }
}
