package io.commitbench.core.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.IsolationLevel;
import org.junit.jupiter.api.Test;

/** The names the probe's options take for isolation levels and scenarios. */
class OptionNamesTest {

  @Test
  void isolationLevelsAreReadInAnySpelling() {
    assertThat(IsolationLevel.parse("read-committed")).contains(IsolationLevel.READ_COMMITTED);
    assertThat(IsolationLevel.parse("REPEATABLE READ")).contains(IsolationLevel.REPEATABLE_READ);
    assertThat(IsolationLevel.parse(" Serializable ")).contains(IsolationLevel.SERIALIZABLE);
    assertThat(IsolationLevel.parse("read-uncommitted")).isEmpty();
    assertThat(IsolationLevel.parse("snapshot")).isEmpty();
    assertThat(IsolationLevel.allowed()).isEqualTo("read-committed, repeatable-read, serializable");
    assertThat(IsolationLevel.REPEATABLE_READ.sqlName()).isEqualTo("REPEATABLE READ");
  }

  @Test
  void scenariosAreReadByTheirNames() {
    assertThat(LockScenario.parse("same-row")).contains(LockScenario.SAME_ROW);
    assertThat(LockScenario.parse("SAME_ROW")).contains(LockScenario.SAME_ROW);
    assertThat(LockScenario.parse("deadlock")).contains(LockScenario.DEADLOCK);
    assertThat(LockScenario.parse("livelock")).isEmpty();
    assertThat(LockScenario.allowed()).isEqualTo("deadlock, same-row");
  }
}
