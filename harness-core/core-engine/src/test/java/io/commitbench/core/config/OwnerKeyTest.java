package io.commitbench.core.config;

import static io.commitbench.core.config.ConfigTestSupport.bind;
import static io.commitbench.core.config.ConfigTestSupport.binder;
import static io.commitbench.core.config.ConfigTestSupport.paperWith;
import static io.commitbench.core.config.ConfigTestSupport.problems;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.namespace.Owner;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The owner key: whose a run's objects are, with this process's user and host by default. */
class OwnerKeyTest {

  @Test
  void unsetItIsTheOsUserAtTheHostAndIsRecordedInTheEffectiveConfiguration() throws ConfigException {
    BenchmarkConfig config = bind(paperWith());

    assertThat(config.owner()).isEqualTo(Owner.ofThisProcess()).contains("@");
    assertThat(config.effective()).containsEntry("owner", config.owner());
  }

  @Test
  void aGivenOwnerIsKeptAndASetOverridesTheFile() throws ConfigException {
    assertThat(bind(paperWith("owner=storage-team")).owner()).isEqualTo("storage-team");
    assertThat(binder().bind(paperWith("owner=storage-team"), Map.of("owner", "bob@lab2")).owner())
        .isEqualTo("bob@lab2");
  }

  @ParameterizedTest(name = "owner={0}")
  @ValueSource(strings = {"alice lab1", "a=b", "o'brien", "team;drop", "ü@lab1"})
  void anOwnerThatWouldBreakTheMarkIsRefusedSayingWhatIsAllowed(String owner) {
    assertThat(problems(() -> bind(paperWith("owner=" + owner)))).containsExactly("owner=" + owner
        + ": holds characters a mark cannot carry; allowed: 1 to 64 ASCII letters, digits, '.', '_', '-', '@'");
  }

  @Test
  void anEmptyOwnerIsRefused() {
    assertThat(problems(() -> bind(paperWith("owner=")))).containsExactly(
        "owner=: empty; allowed: 1 to 64 ASCII letters, digits, '.', '_', '-', '@'");
  }

  @Test
  void aLongOwnerIsRefused() {
    String owner = "o".repeat(65);

    assertThat(problems(() -> bind(paperWith("owner=" + owner)))).containsExactly("owner=" + owner
        + ": 65 characters; allowed: 1 to 64 ASCII letters, digits, '.', '_', '-', '@'");
  }
}
