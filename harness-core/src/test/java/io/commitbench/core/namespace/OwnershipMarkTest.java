package io.commitbench.core.namespace;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The mark a run leaves on what it creates, and reading it back. */
class OwnershipMarkTest {

  private static final OwnershipMark MARK = new OwnershipMark("20250425-143012-postgresql", "lab1.example", 4711,
      Instant.parse("2025-04-25T14:30:12.345Z"), "cb_t", "cb_u");

  @Test
  void readsBackWhatItWrites() {
    assertThat(MARK.text()).isEqualTo("commitbench run=20250425-143012-postgresql host=lab1.example pid=4711"
        + " started=2025-04-25T14:30:12Z table.prefix=cb_t user.prefix=cb_u");
    assertThat(OwnershipMark.parse(MARK.text())).contains(MARK);
  }

  @Test
  void holdsOnlyCharactersThatNeedNoEscapingInSql() {
    OwnershipMark odd = new OwnershipMark("r1", "host'; DROP TABLE x; --", 1, Instant.EPOCH, "t", "u");

    assertThat(odd.text()).doesNotContain("'").doesNotContain(";");
  }

  @Test
  void otherCommentsAreNoMark() {
    assertThat(OwnershipMark.parse(null)).isEmpty();
    assertThat(OwnershipMark.parse("")).isEmpty();
    assertThat(OwnershipMark.parse("orders of 2024")).isEmpty();
    assertThat(OwnershipMark.parse("commitbench run=x but nothing else")).isEmpty();
  }

  @Test
  void describesTheRunForMessages() {
    assertThat(MARK.describe()).isEqualTo(
        "commitbench run 20250425-143012-postgresql (host lab1.example, pid 4711, started 2025-04-25T14:30:12Z)");
  }
}
