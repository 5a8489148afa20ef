package io.commitbench.core.key;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ErrorBudgetTest {

  @Test
  void aCountAllowsThatManyErrors() {
    ErrorBudget budget = ErrorBudget.parse("5").orElseThrow();
    assertThat(budget.exceeded(5, 10)).isFalse();
    assertThat(budget.exceeded(6, 1_000_000)).isTrue();
    assertThat(budget.text()).isEqualTo("5");
  }

  @Test
  void aShareIsOfTheAttemptsButOfAtLeastAThousand() {
    ErrorBudget budget = ErrorBudget.parse("1%").orElseThrow();
    assertThat(budget.exceeded(10, 20)).as("10 errors in the first 20 statements").isFalse();
    assertThat(budget.exceeded(11, 20)).isTrue();
    assertThat(budget.exceeded(100, 10_000)).isFalse();
    assertThat(budget.exceeded(101, 10_000)).isTrue();
    assertThat(budget.toString()).isEqualTo("errors.max=1%");
    assertThat(ErrorBudget.parse("0.5%").orElseThrow().text()).isEqualTo("0.5%");
  }

  @Test
  void aHundredPercentNeverStopsARun() {
    assertThat(ErrorBudget.parse("100%").orElseThrow().exceeded(1_000, 1_000)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"abc", "-1", "101%", "-1%", "%", "1.5", "2000000001", ""})
  void refusesWhatIsNoBudget(String text) {
    assertThat(ErrorBudget.parse(text)).as(text).isEmpty();
  }
}
