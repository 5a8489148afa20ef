package io.commitbench.core.namespace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The mark a run leaves on what it creates, and reading it back, also as earlier runs wrote it. */
class OwnershipMarkTest {

  private static final OwnershipMark MARK = new OwnershipMark("20250425-143012-postgresql",
      Optional.of("alice@lab1.example"), "lab1.example", "alice", 4711, Instant.parse("2025-04-25T14:30:12.345Z"),
      "cb_t", "cb_u");

  /** A mark as it was written before marks carried an owner and an OS user. */
  private static final String WITHOUT_OWNER = "commitbench run=20250425-143012-postgresql host=lab1.example"
      + " pid=4711 started=2025-04-25T14:30:12Z table.prefix=cb_t user.prefix=cb_u";

  @Test
  void readsBackWhatItWrites() {
    assertThat(MARK.text()).isEqualTo("commitbench run=20250425-143012-postgresql owner=alice@lab1.example"
        + " host=lab1.example os.user=alice pid=4711 started=2025-04-25T14:30:12Z table.prefix=cb_t user.prefix=cb_u");
    assertThat(OwnershipMark.parse(MARK.text())).contains(MARK);
  }

  /** A table in its load carries the mark and load=incomplete: read as the same run's, known as incomplete. */
  @Test
  void aLoadingMarkIsTheRunsMarkAndSaysTheLoadIsIncomplete() {
    assertThat(MARK.loadingText()).isEqualTo(MARK.text() + " load=incomplete");
    assertThat(OwnershipMark.parse(MARK.loadingText())).contains(MARK);
    assertThat(OwnershipMark.loadIncomplete(MARK.loadingText())).isTrue();
    assertThat(OwnershipMark.loadIncomplete(MARK.text())).isFalse();
    assertThat(OwnershipMark.loadIncomplete("someone's table load=incomplete")).as("not a commitbench mark").isFalse();
    assertThat(OwnershipMark.loadIncomplete(null)).isFalse();
  }

  @Test
  void aMarkWithoutAnOwnerIsReadWithTheOwnerUnknown() {
    OwnershipMark old = OwnershipMark.parse(WITHOUT_OWNER).orElseThrow();

    assertThat(old.owner()).isEmpty();
    assertThat(old.ownerShown()).isEqualTo("unknown");
    assertThat(old.osUser()).isEqualTo("unknown");
    assertThat(old.runId()).isEqualTo("20250425-143012-postgresql");
    assertThat(old.host()).isEqualTo("lab1.example");
    assertThat(old.pid()).isEqualTo(4711);
    assertThat(old.userPrefix()).isEqualTo("cb_u");
    assertThat(old.ownedBy("alice@lab1.example")).as("owned by anyone").isFalse();
    assertThat(old.ownedBy("unknown")).as("owned by the word unknown").isFalse();
    assertThat(old.text()).as("written back as it was").isEqualTo(WITHOUT_OWNER);
  }

  @Test
  void fieldsInAnyOrderAndUnknownOnesAreRead() {
    OwnershipMark read = OwnershipMark.parse("commitbench run=r1 pid=7 future.field=x owner=bob@lab2 host=lab2"
        + " started=2025-01-01T00:00:00Z os.user=bob table.prefix=t user.prefix=u").orElseThrow();

    assertThat(read.owner()).contains("bob@lab2");
    assertThat(read.osUser()).isEqualTo("bob");
    assertThat(read.pid()).isEqualTo(7);
  }

  @Test
  void anOwnerAMarkCannotHoldIsReadAsNone() {
    assertThat(OwnershipMark.parse(WITHOUT_OWNER.replace(" host=", " owner= host=")).orElseThrow().owner()).isEmpty();
    String tooLong = "a".repeat(Owner.MAX_LENGTH + 1);
    assertThat(OwnershipMark.parse(WITHOUT_OWNER.replace(" host=", " owner=" + tooLong + " host=")).orElseThrow()
        .owner()).isEmpty();
  }

  @Test
  void isOwnedByItsOwnerOnly() {
    assertThat(MARK.ownedBy("alice@lab1.example")).isTrue();
    assertThat(MARK.ownedBy("alice@lab2.example")).isFalse();
    assertThat(MARK.ownedBy("Alice@lab1.example")).as("owners are compared as written").isFalse();
  }

  @Test
  void holdsOnlyCharactersThatNeedNoEscapingInSql() {
    OwnershipMark odd = new OwnershipMark("r1", Optional.of("a@b"), "host'; DROP TABLE x; --", "user' OR '1",
        1, Instant.EPOCH, "t", "u");

    assertThat(odd.text()).doesNotContain("'").doesNotContain(";").matches("[A-Za-z0-9 =:._@-]+");
  }

  @Test
  void refusesAnOwnerThatWouldBreakItsFormat() {
    for (String owner : new String[] {"alice lab1", "a=b", "o'brien", "", "a".repeat(Owner.MAX_LENGTH + 1)}) {
      assertThatThrownBy(() -> new OwnershipMark("r1", Optional.of(owner), "h", "u", 1, Instant.EPOCH, "t", "u"))
          .as("owner '%s'", owner).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("allowed");
    }
  }

  @Test
  void otherCommentsAreNoMark() {
    assertThat(OwnershipMark.parse(null)).isEmpty();
    assertThat(OwnershipMark.parse("")).isEmpty();
    assertThat(OwnershipMark.parse("orders of 2024")).isEmpty();
    assertThat(OwnershipMark.parse("commitbench run=x but nothing else")).isEmpty();
    assertThat(OwnershipMark.parse("commitbench run=x owner=alice@lab1 host=h")).as("no pid, no start").isEmpty();
  }

  @Test
  void describesTheRunForMessages() {
    assertThat(MARK.describe()).isEqualTo("commitbench run 20250425-143012-postgresql (owner alice@lab1.example,"
        + " host lab1.example, os user alice, pid 4711, started 2025-04-25T14:30:12Z)");
    assertThat(OwnershipMark.parse(WITHOUT_OWNER).orElseThrow().describe()).isEqualTo(
        "commitbench run 20250425-143012-postgresql (owner unknown, host lab1.example, pid 4711,"
            + " started 2025-04-25T14:30:12Z)");
  }

  @Test
  void theMarkOfThisProcessNamesItsOwnerHostAndOsUser() {
    OwnershipMark mine = OwnershipMark.ofThisProcess("r1", "team-storage", Instant.EPOCH, "t", "u");

    assertThat(mine.owner()).contains("team-storage");
    assertThat(mine.host()).isEqualTo(OwnershipMark.localHost());
    assertThat(mine.osUser()).isEqualTo(OwnershipMark.localUser()).isNotEmpty();
    assertThat(mine.pid()).isEqualTo(ProcessHandle.current().pid());
    assertThat(OwnershipMark.parse(mine.text())).contains(mine);
  }
}
