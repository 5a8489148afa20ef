package io.commitbench.core.namespace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The names a run derives for itself when table.prefix and user.prefix are not set. */
class RunNamespaceTest {

  private static final String DEFAULT_RUN_ID = "20250425-143012-postgresql";

  @Test
  void theDefaultRunIdGivesItsDateAndTimeAndFourRandomCharacters() {
    RunNamespace ns = RunNamespace.derive(DEFAULT_RUN_ID, 63, 63, new Random(1));

    assertThat(ns.tablePrefix()).matches("cb_20250425143012_[a-z2-9]{4}_");
    assertThat(ns.userPrefix()).isEqualTo(ns.tablePrefix() + "u");
  }

  @Test
  void twoRunsWithTheSameRunIdGetDifferentNames() {
    Random random = new Random(7);
    List<String> prefixes = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      prefixes.add(RunNamespace.derive(DEFAULT_RUN_ID, 63, 63, random).tablePrefix());
    }
    assertThat(prefixes).doesNotHaveDuplicates();
  }

  /**
   * The worst case of every dialect's limits (tables and indexes, users): the commit workload's
   * table with its longest index name, and actor 10000.
   */
  @ParameterizedTest(name = "{0}: tables {1}, users {2}")
  @CsvSource({"oracle 12.1, 30, 30", "postgresql, 63, 63", "mariadb, 64, 80", "h2, 256, 256"})
  void everyNameFitsTheDialectsLimits(String dialect, int maxIdentifier, int maxUser) {
    for (String runId : List.of(DEFAULT_RUN_ID, "a-very-long-run-id-of-a-nightly-campaign.with.dots_and_more-0001",
        "x", "-._")) {
      RunNamespace ns = RunNamespace.derive(runId, maxIdentifier, maxUser, new Random(3));
      String table = ns.tablePrefix() + "commit";
      assertThat(table + "_text2_ix").as("longest index name").hasSizeLessThanOrEqualTo(maxIdentifier);
      assertThat(ns.tablePrefix() + "1000_text2_ix").hasSizeLessThanOrEqualTo(maxIdentifier);
      assertThat(ns.userPrefix() + "10000").as("longest user name").hasSizeLessThanOrEqualTo(maxUser);
      assertThat(List.of(ns.tablePrefix(), ns.userPrefix())).as("lower-case identifiers from %s", runId)
          .allMatch(p -> p.matches("cb_[a-z0-9_]*"))
          .allMatch(p -> p.length() <= 30, "fit table.prefix/user.prefix's own limit, so config.properties reruns");
    }
  }

  @Test
  void oracleKeepsOnlyTheStartOfTheRunId() {
    RunNamespace ns = RunNamespace.derive(DEFAULT_RUN_ID, 30, 30, new Random(1));

    assertThat(ns.tablePrefix()).matches("cb_202504_[a-z2-9]{4}_").hasSize(15);
  }

  @Test
  void aRunIdWithoutLettersOrDigitsGivesTheRandomPartOnly() {
    assertThat(RunNamespace.derive("-._", 63, 63, new Random(1)).tablePrefix()).matches("cb_[a-z2-9]{4}_");
  }

  @Test
  void limitsWithNoRoomAreRefused() {
    assertThatThrownBy(() -> RunNamespace.derive(DEFAULT_RUN_ID, 20, 20, new Random(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no room");
  }
}
