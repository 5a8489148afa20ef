package io.commitbench.bench.actor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.bench.BenchArguments;
import io.commitbench.core.config.BenchmarkConfig;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The paper's real actor and the plain loop taken in turn on the machine's own PostgreSQL and
 * MariaDB services: every round measures both sides on every thread, the tables it made are gone
 * afterwards, and bad rounds are refused before anything is created. What the figures are is for
 * the benchmark to say, not for a test.
 */
class PaperActorSideBySideTest {

  @ParameterizedTest
  @CsvSource({"jdbc:postgresql://127.0.0.1:5432/test, postgres", "jdbc:mariadb://127.0.0.1:3306/test, root"})
  void everyRoundMeasuresBothSidesOnEveryThreadAndTheTablesAreDroppedAfter(String url, String user) throws Exception {
    String names = "sbst" + ProcessHandle.current().pid();
    BenchmarkConfig config = PaperActorSideBySide.config(BenchArguments.parse(new String[] {"url=" + url,
      "user=" + user, "users=2", "pertable=20", "names=" + names}, PaperActorSideBySide.DEFAULTS));

    PaperActorSideBySide.Rounds rounds = PaperActorSideBySide.compare(config, 3, 1);

    assertThat(java.util.Arrays.stream(rounds.plain()).min().orElseThrow()).isPositive();
    assertThat(rounds.plain()).hasSize(3);
    assertThat(java.util.Arrays.stream(rounds.actor()).min().orElseThrow()).isPositive();
    assertThat(rounds.actor()).hasSize(3);
    assertThat(rounds.ratio()).hasSize(3);
    assertThat(rounds.actorBytes()).isPositive();
    try (Connection c = DriverManager.getConnection(url, user, "");
        PreparedStatement left = c.prepareStatement(
            "SELECT count(*) FROM information_schema.tables WHERE lower(table_name) LIKE ?")) {
      left.setString(1, "cbov" + names + "%");
      try (ResultSet r = left.executeQuery()) {
        r.next();
        assertThat(r.getInt(1)).as("tables left by the benchmark").isZero();
      }
    }
  }

  @Test
  void badRoundsAreRefusedBeforeAnythingIsCreated() throws Exception {
    BenchmarkConfig config = PaperActorSideBySide.config(BenchArguments.parse(new String[] {
      "url=jdbc:postgresql://127.0.0.1:1/none"}, PaperActorSideBySide.DEFAULTS));

    assertThatThrownBy(() -> PaperActorSideBySide.compare(config, 0, 1))
        .hasMessage("rounds=0, warmups=1: allowed: rounds 1 or more, warmups 0 or more");
    assertThatThrownBy(() -> PaperActorSideBySide.compare(config, 2, -1))
        .hasMessage("rounds=2, warmups=-1: allowed: rounds 1 or more, warmups 0 or more");
  }
}
