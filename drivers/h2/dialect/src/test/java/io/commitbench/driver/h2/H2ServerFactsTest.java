package io.commitbench.driver.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.Fact;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** H2's facts, read from real embedded databases: a file database and an in-memory one. */
class H2ServerFactsTest {

  @TempDir Path dir;

  @Test
  void aFileDatabaseKeepsItsLogInItsMvStoreFile() throws SQLException {
    Path base = dir.toAbsolutePath().resolve("commitbench");
    try (Connection h2 = DriverManager.getConnection("jdbc:h2:file:" + base, "sa", "")) {
      Map<String, Fact> facts = byKey(new H2Dialect().server().serverFacts(h2));

      assertThat(facts.get("server/product").value()).isEqualTo("H2");
      assertThat(facts.get("server/version").value()).startsWith("2.");
      Fact file = facts.get("log_location/database_file");
      assertThat(file.value()).isEqualTo(base + ".mv.db");
      assertThat(Path.of(file.value())).isRegularFile();
      assertThat(facts.get("durability/WRITE_DELAY").value()).isEqualTo("500");
      assertThat(facts.get("durability/RETENTION_TIME").value()).matches("\\d+");
      assertThat(facts.get("durability/MV_STORE").value()).isEqualTo("true");
    }
  }

  @Test
  void anInMemoryDatabaseHasNoFile() throws SQLException {
    try (Connection h2 = DriverManager.getConnection("jdbc:h2:mem:facts", "sa", "")) {
      List<Fact> facts = H2ServerFacts.read(h2);
      assertThat(byKey(facts).get("log_location/database_file"))
          .isEqualTo(Fact.unknown("log_location", "database_file", "an in-memory database has no file"));
      assertThat(facts).filteredOn(f -> f.group().equals("durability")).hasSize(3).allMatch(Fact::known);
    }
  }

  @Test
  void theQueriesAreTheseAndCreateNothing() throws Exception {
    assertThat(H2ServerFacts.SETTINGS_SQL).isEqualTo("SELECT SETTING_NAME, SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
        + " WHERE SETTING_NAME IN ('WRITE_DELAY', 'RETENTION_TIME', 'MV_STORE')");
    Path base = dir.toAbsolutePath().resolve("untouched");
    try (Connection h2 = DriverManager.getConnection("jdbc:h2:file:" + base, "sa", "")) {
      H2ServerFacts.read(h2);
    }
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsOnly("untouched.mv.db");
    }
  }

  private static Map<String, Fact> byKey(List<Fact> facts) {
    return facts.stream().collect(Collectors.toMap(f -> f.group() + "/" + f.name(), f -> f));
  }
}
