package io.commitbench.core.namespace;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The owner key's values, its default, and whose leftovers a cleanup acts on. */
class OwnerTest {

  private static OwnershipMark markOf(Optional<String> owner) {
    return new OwnershipMark("r1", owner, "lab1", "alice", 1, Instant.EPOCH, "t", "u");
  }

  @Test
  void theDefaultIsTheOsUserAtTheHostAndIsAValidOwner() {
    String owner = Owner.ofThisProcess();

    assertThat(owner).startsWith(OwnershipMark.localUser() + "@");
    assertThat(OwnershipMark.localHost()).startsWith(owner.substring(owner.indexOf('@') + 1));
    assertThat(Owner.valid(owner)).as("'%s' valid", owner).isTrue();
  }

  @Test
  void acceptsShortWordsAndSaysWhatIsWrongWithOthers() {
    assertThat(Owner.problem("alice@lab1")).isEmpty();
    assertThat(Owner.problem("storage-team.2")).isEmpty();
    assertThat(Owner.problem("a".repeat(Owner.MAX_LENGTH))).isEmpty();

    assertThat(Owner.problem("alice lab1")).contains("holds characters a mark cannot carry");
    assertThat(Owner.problem("x=y")).get().asString().startsWith("holds characters");
    assertThat(Owner.problem("o'brien")).get().asString().startsWith("holds characters");
    assertThat(Owner.problem("")).get().asString().isEqualTo("empty");
    assertThat(Owner.problem("a".repeat(Owner.MAX_LENGTH + 1))).get().asString().isEqualTo("65 characters");
  }

  @Test
  void saysWhatIsAllowed() {
    assertThat(Owner.ALLOWED).isEqualTo("1 to 64 ASCII letters, digits, '.', '_', '-', '@'");
  }

  @Test
  void oneOwnersScopeCoversItsMarksOnly() {
    OwnerScope alice = OwnerScope.of("alice@lab1");

    assertThat(alice.covers(markOf(Optional.of("alice@lab1")))).isTrue();
    assertThat(alice.covers(markOf(Optional.of("bob@lab2")))).isFalse();
    assertThat(alice.covers(markOf(Optional.empty()))).as("a mark without an owner").isFalse();
    assertThat(alice.describe()).isEqualTo("owner alice@lab1");
  }

  @Test
  void everyOwnersScopeCoversEveryMark() {
    OwnerScope all = OwnerScope.everyOwner();

    assertThat(all.covers(markOf(Optional.of("bob@lab2")))).isTrue();
    assertThat(all.covers(markOf(Optional.empty()))).isTrue();
    assertThat(all.describe()).isEqualTo("every owner");
  }

  @Test
  void saysWhySomeoneElsesRunIsKeptAndHowToActForItsOwner() {
    assertThat(OwnerScope.whyKept(markOf(Optional.of("bob@lab2"))))
        .isEqualTo("owner bob@lab2, someone else's (--owner bob@lab2 drops it)");
    assertThat(OwnerScope.whyKept(markOf(Optional.empty())))
        .isEqualTo("owner unknown, its mark names none (--all-owners drops it)");
  }
}
