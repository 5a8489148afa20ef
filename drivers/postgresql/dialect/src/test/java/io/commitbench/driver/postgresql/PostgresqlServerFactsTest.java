package io.commitbench.driver.postgresql;

import static io.commitbench.core.server.RecordedRowsConnection.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.Fact;
import io.commitbench.core.server.RecordedRowsConnection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The queries and their reading, against answers recorded from PostgreSQL 15 (superuser and a
 * plain role). EnvironmentIT runs the same queries on a real server.
 */
class PostgresqlServerFactsTest {

  @Test
  void asSuperuser() throws SQLException {
    RecordedRowsConnection db = server("150020", "/var/lib/postgresql/15/main");

    Map<String, Fact> facts = byKey(PostgresqlServerFacts.read(db.connection()));

    assertThat(facts.get("server/product").value()).isEqualTo("PostgreSQL");
    assertThat(facts.get("server/version").value()).isEqualTo("15.20 (Debian 15.20-0+deb12u1)");
    assertThat(facts.get("server/data_directory").value()).isEqualTo("/var/lib/postgresql/15/main");
    assertThat(facts.get("log_location/wal_directory").value()).isEqualTo("/var/lib/postgresql/15/main/pg_wal");
    assertThat(facts.get("durability/synchronous_commit").value()).isEqualTo("on");
    assertThat(facts.get("durability/wal_sync_method").value()).isEqualTo("fdatasync");
    assertThat(facts.get("durability/commit_delay").value()).isEqualTo("0");
    assertThat(facts.keySet().stream().filter(k -> k.startsWith("durability/")))
        .containsExactlyElementsOf(PostgresqlServerFacts.DURABILITY_SETTINGS.stream().map(s -> "durability/" + s).toList());
    assertThat(db.queries()).contains("SELECT current_setting('data_directory')", "SELECT current_setting('fsync')");
  }

  @Test
  void aPlainRoleMayNotSeeTheDataDirectory() throws SQLException {
    String refused = "ERROR: must be superuser or have privileges of pg_read_all_settings to examine \"data_directory\"";
    RecordedRowsConnection db = server("150020", null)
        .fail("SELECT current_setting('data_directory')", new SQLException(refused, "42501"));

    Map<String, Fact> facts = byKey(PostgresqlServerFacts.read(db.connection()));

    assertThat(facts.get("server/data_directory")).isEqualTo(Fact.unknown("server", "data_directory", refused));
    assertThat(facts.get("log_location/wal_directory").unknownReason()).isEqualTo("data_directory: " + refused);
    assertThat(facts.get("durability/fsync").value()).isEqualTo("on");
  }

  @Test
  void aSettingTheServerDoesNotHaveIsUnknownWithItsMessage() throws SQLException {
    String unknown = "ERROR: unrecognized configuration parameter \"wal_recycle\"";
    RecordedRowsConnection db = server("110022", "/srv/pg11/")
        .fail("SELECT current_setting('wal_recycle')", new SQLException(unknown, "42704"));

    Map<String, Fact> facts = byKey(PostgresqlServerFacts.read(db.connection()));

    assertThat(facts.get("durability/wal_recycle").unknownReason()).isEqualTo(unknown);
    assertThat(facts.get("log_location/wal_directory").value()).isEqualTo("/srv/pg11/pg_wal");
  }

  @Test
  void beforeVersion10TheWalWasPgXlog() throws SQLException {
    Map<String, Fact> facts = byKey(PostgresqlServerFacts.read(server("90624", "/srv/pg96").connection()));
    assertThat(facts.get("log_location/wal_directory").value()).isEqualTo("/srv/pg96/pg_xlog");
  }

  /** Answers as PostgreSQL 15 with its defaults; the data directory only when given. */
  private static RecordedRowsConnection server(String versionNum, String dataDirectory) {
    RecordedRowsConnection db = new RecordedRowsConnection("PostgreSQL", "15.20 (Debian 15.20-0+deb12u1)");
    Map<String, String> values = new java.util.LinkedHashMap<>(Map.of("synchronous_commit", "on", "fsync", "on",
        "wal_sync_method", "fdatasync", "full_page_writes", "on", "wal_recycle", "on", "wal_init_zero", "on",
        "commit_delay", "0", "commit_siblings", "5", "wal_level", "replica", "wal_segment_size", "16MB"));
    values.put("server_version", "15.20 (Debian 15.20-0+deb12u1)");
    values.put("server_version_num", versionNum);
    if (dataDirectory != null) {
      values.put("data_directory", dataDirectory);
    }
    values.forEach((name, value) -> db.answer(PostgresqlServerFacts.settingSql(name), row("current_setting", value)));
    return db;
  }

  private static Map<String, Fact> byKey(List<Fact> facts) {
    return facts.stream().collect(Collectors.toMap(f -> f.group() + "/" + f.name(), f -> f, (a, b) -> a,
        java.util.LinkedHashMap::new));
  }
}
