package io.commitbench.driver.mariadb;

import static io.commitbench.core.server.RecordedRowsConnection.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.Fact;
import io.commitbench.core.server.RecordedRowsConnection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The query and its reading, against rows recorded from MariaDB 10.11 (Debian 12). EnvironmentIT
 * runs the same query on a real server.
 */
class MariadbServerFactsTest {

  private static final String VERSION = "10.11.19-MariaDB-0+deb12u1";

  @Test
  void theQueryAsksForEveryVariableAtOnce() {
    assertThat(MariadbServerFacts.VARIABLES_SQL).isEqualTo("SHOW GLOBAL VARIABLES WHERE Variable_name IN ("
        + "'datadir', 'innodb_log_group_home_dir', 'innodb_flush_log_at_trx_commit', 'innodb_flush_method', "
        + "'innodb_log_file_buffering', 'innodb_log_file_write_through', 'innodb_log_file_size', 'sync_binlog', "
        + "'log_bin', 'innodb_doublewrite')");
  }

  @Test
  void mariadb1011() throws SQLException {
    RecordedRowsConnection db = new RecordedRowsConnection("MariaDB", VERSION)
        .answer(MariadbServerFacts.VERSION_SQL, row("VERSION()", VERSION))
        .answer(MariadbServerFacts.VARIABLES_SQL,
            variable("datadir", "/var/lib/mysql/"),
            variable("innodb_doublewrite", "ON"),
            variable("innodb_flush_log_at_trx_commit", "1"),
            variable("innodb_flush_method", "O_DIRECT"),
            variable("innodb_log_file_buffering", "OFF"),
            variable("innodb_log_file_size", "100663296"),
            variable("innodb_log_group_home_dir", "./"),
            variable("log_bin", "OFF"),
            variable("sync_binlog", "0"));

    Map<String, Fact> facts = byKey(MariadbServerFacts.read(db.connection()));

    assertThat(facts.get("server/product").value()).isEqualTo("MariaDB");
    assertThat(facts.get("server/version").value()).isEqualTo(VERSION);
    assertThat(facts.get("server/data_directory").value()).isEqualTo("/var/lib/mysql/");
    assertThat(facts.get("server/innodb_log_group_home_dir").value()).isEqualTo("./");
    assertThat(facts.get("log_location/redo_log_directory").value()).isEqualTo("/var/lib/mysql");
    assertThat(facts.get("durability/innodb_flush_log_at_trx_commit").value()).isEqualTo("1");
    assertThat(facts.get("durability/log_bin").value()).isEqualTo("OFF");
    // 11.0+ only: asked for, and said to be absent here.
    assertThat(facts.get("durability/innodb_log_file_write_through").unknownReason())
        .isEqualTo("no such server variable in " + VERSION);
    assertThat(facts.keySet().stream().filter(k -> k.startsWith("durability/")))
        .containsExactlyElementsOf(MariadbServerFacts.DURABILITY_VARIABLES.stream().map(v -> "durability/" + v).toList());
  }

  @Test
  void whenShowFailsEveryVariableCarriesTheMessage() throws SQLException {
    RecordedRowsConnection db = new RecordedRowsConnection("MariaDB", VERSION)
        .answer(MariadbServerFacts.VERSION_SQL, row("VERSION()", VERSION))
        .fail(MariadbServerFacts.VARIABLES_SQL, new SQLException("(conn=7) Lost connection to server", "08000", 2013));

    Map<String, Fact> facts = byKey(MariadbServerFacts.read(db.connection()));

    assertThat(facts.get("durability/sync_binlog").unknownReason()).isEqualTo("(conn=7) Lost connection to server");
    assertThat(facts.get("log_location/redo_log_directory").unknownReason())
        .isEqualTo("innodb_log_group_home_dir: (conn=7) Lost connection to server");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "/var/lib/mysql/  | ./               | /var/lib/mysql",
      "/var/lib/mysql/  | ''               | /var/lib/mysql",
      "/var/lib/mysql/  | .                | /var/lib/mysql",
      "/var/lib/mysql   | redo             | /var/lib/mysql/redo",
      "/var/lib/mysql/  | ../redo/         | /var/lib/redo",
      "/var/lib/mysql/  | /ssd/redo/       | /ssd/redo",
      "/data            | D:\\redo          | D:\\redo",
  })
  void theRedoDirectoryIsResolvedAgainstDatadir(String datadir, String home, String expected) {
    assertThat(MariadbServerFacts.redoDirectory(Fact.of("server", "data_directory", datadir),
        Fact.of("server", "innodb_log_group_home_dir", home)).value()).isEqualTo(expected);
  }

  @Test
  void aRelativeHomeWithoutDatadirIsUnknown() {
    Fact redo = MariadbServerFacts.redoDirectory(Fact.unknown("server", "data_directory", "refused"),
        Fact.of("server", "innodb_log_group_home_dir", "./"));
    assertThat(redo.unknownReason()).isEqualTo("innodb_log_group_home_dir './' is relative to datadir: refused");
  }

  private static Map<String, Object> variable(String name, String value) {
    return row("Variable_name", name, "Value", value);
  }

  private static Map<String, Fact> byKey(List<Fact> facts) {
    return facts.stream().collect(Collectors.toMap(f -> f.group() + "/" + f.name(), f -> f, (a, b) -> a, LinkedHashMap::new));
  }
}
