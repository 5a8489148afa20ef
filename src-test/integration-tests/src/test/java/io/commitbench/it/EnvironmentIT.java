package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.environment.EnvironmentCollector;
import io.commitbench.core.environment.EnvironmentJsonWriter;
import io.commitbench.core.environment.EnvironmentText;
import io.commitbench.core.host.DatabaseHost;
import io.commitbench.core.host.StorageFacts;
import io.commitbench.core.server.Fact;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargetExtension;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.Db;
import io.commitbench.it.support.TestNames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The environment of a run ({@code environment.json} and the report header) read from real
 * servers: product and version, every durability setting the dialect reads (known, or unknown with
 * a reason), the redo/WAL location, checked against the log files the server itself lists, and,
 * for a server on this host, the filesystem and device under it. Also what a role without the
 * right to see the data directory gets, and H2's database file.
 */
@ExtendWith(DatabaseTargetExtension.class)
class EnvironmentIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;

  private static final List<String> POSTGRESQL_SETTINGS = List.of("synchronous_commit", "fsync", "wal_sync_method",
      "full_page_writes", "wal_recycle", "wal_init_zero", "commit_delay");

  private static final List<String> MARIADB_SETTINGS = List.of("innodb_flush_log_at_trx_commit", "innodb_flush_method",
      "innodb_log_file_buffering", "innodb_log_file_write_through", "innodb_log_file_size", "sync_binlog", "log_bin");

  @Test
  void postgresql(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg, @TempDir Path tmp) throws Exception {
    Map<String, Fact> facts = collect(pg, tmp);

    assertThat(facts.get("server/product").value()).isEqualTo("PostgreSQL");
    assertThat(facts.get("server/version").value()).matches("\\d+(\\.\\d+)?.*");
    settingsPresent(facts, POSTGRESQL_SETTINGS);
    String wal = facts.get("log_location/wal_directory").value();
    assertThat(wal).isEqualTo(facts.get("server/data_directory").value() + "/pg_wal");
    logLocationOnThisHost(pg, facts, "wal_directory", wal, "SELECT name FROM pg_ls_waldir() ORDER BY name LIMIT 1");
  }

  @Test
  void mariadb(@Db(DatabaseKind.MARIADB) DatabaseTarget maria, @TempDir Path tmp) throws Exception {
    Map<String, Fact> facts = collect(maria, tmp);

    assertThat(facts.get("server/product").value()).isEqualTo("MariaDB");
    assertThat(facts.get("server/version").value()).contains("MariaDB");
    settingsPresent(facts, MARIADB_SETTINGS);
    // innodb_flush_method or one of its successors is known on every version.
    assertThat(List.of("innodb_flush_method", "innodb_log_file_buffering", "innodb_log_file_write_through"))
        .anySatisfy(name -> assertThat(facts.get("durability/" + name).known()).isTrue());
    String redo = facts.get("log_location/redo_log_directory").value();
    assertThat(Path.of(redo).isAbsolute()).isTrue();
    // Since 10.5 the redo log is the one file ib_logfile0.
    logLocationOnThisHost(maria, facts, "redo_log_directory", redo, "SELECT 'ib_logfile0'");
  }

  @Test
  void postgresqlRoleWithoutSettingsPrivilegeGetsTheServersReason(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg,
      @TempDir Path tmp) throws Exception {
    String role = TestNames.unique().token() + "_env";
    String password = "Env-" + role;
    try (Connection admin = pg.connect(); Statement st = admin.createStatement()) {
      st.execute("CREATE ROLE " + role + " LOGIN PASSWORD '" + password + "'");
      try {
        Properties login = new Properties();
        login.setProperty("user", role);
        login.setProperty("password", password);
        try (Connection plain = DriverManager.getConnection(pg.url(), login)) {
          Map<String, Fact> facts = byKey(EnvironmentCollector.collect(pg.url(), dialect(pg), plain));

          assertThat(facts.get("server/data_directory").known()).isFalse();
          assertThat(facts.get("server/data_directory").unknownReason())
              .contains("must be superuser or have privileges of pg_read_all_settings");
          assertThat(facts.get("log_location/wal_directory").unknownReason())
              .startsWith("data_directory: ").contains("pg_read_all_settings");
          assertThat(facts.get("log_device/wal_directory.filesystem").unknownReason())
              .startsWith("the log location is unknown: data_directory: ");
          settingsPresent(facts, POSTGRESQL_SETTINGS);
          assertThat(facts.get("durability/fsync").known()).isTrue();
        }
      } finally {
        st.execute("DROP ROLE " + role);
      }
    }
  }

  @Test
  void h2FileDatabase(@Db(DatabaseKind.H2) DatabaseTarget h2, @TempDir Path tmp) throws Exception {
    Map<String, Fact> facts = collect(h2, tmp);

    assertThat(facts.get("server/product").value()).isEqualTo("H2");
    assertThat(facts.get("server/on_this_host").value()).startsWith("yes: the JDBC URL names no host");
    Path file = Path.of(facts.get("log_location/database_file").value());
    assertThat(file.toString()).isEqualTo(h2.url().substring("jdbc:h2:file:".length()) + ".mv.db");
    assertThat(file).isRegularFile();
    assertThat(facts.get("durability/WRITE_DELAY").known()).isTrue();
    assertThat(facts.get("log_device/database_file.real_path").value()).isEqualTo(file.toRealPath().toString());
    assertThat(facts.get("log_device/database_file.filesystem").value()).isNotBlank();
    assertThat(facts.get("log_device/database_file.mount_point").value()).isNotBlank();
  }

  @Test
  void oracle(@Db(DatabaseKind.ORACLE) DatabaseTarget oracle, @TempDir Path tmp) throws Exception {
    Map<String, Fact> facts = collect(oracle, tmp);

    assertThat(facts.get("server/product").value()).isEqualTo("Oracle");
    for (String name : List.of("log_mode", "commit_logging", "commit_wait", "redo_groups", "redo_group_bytes",
        "redo_block_size")) {
      assertThat(facts).as(name).containsKey("durability/" + name);
    }
    assertThat(facts.get("durability/log_mode").value()).isIn("ARCHIVELOG", "NOARCHIVELOG", "MANUAL");
    assertThat(facts.keySet()).filteredOn(k -> k.startsWith("log_location/redo_group_")).isNotEmpty()
        .allSatisfy(k -> assertThat(facts.get(k).value()).startsWith("/"));
  }

  /** Collects, writes environment.json and the header lines (printed), and checks the file. */
  private static Map<String, Fact> collect(DatabaseTarget target, Path tmp) throws Exception {
    List<Fact> facts;
    try (Connection admin = target.connect()) {
      facts = EnvironmentCollector.collect(target.url(), dialect(target), admin);
    }
    Path json = tmp.resolve(EnvironmentJsonWriter.FILE_NAME);
    EnvironmentJsonWriter.write(facts, json);
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    assertThat(root.get("schema").asText()).isEqualTo("commitbench.environment/1");
    for (Fact fact : facts) {
      JsonNode node = root.get("groups").get(fact.group()).get(fact.name());
      assertThat(node.get("value").isNull()).as(fact.name()).isEqualTo(!fact.known());
    }
    List<String> header = EnvironmentText.headerLines(facts);
    System.out.println(PREFIX + "environment of " + target + ":");
    header.forEach(line -> System.out.println(PREFIX + line));
    assertThat(header).anySatisfy(line -> assertThat(line).startsWith(" | DB Product       : "));
    Map<String, Fact> byKey = byKey(facts);
    assertThat(byKey.get("harness/version").known()).isTrue();
    assertThat(byKey).containsKeys("harness/commit", "host/cpu_model", "host/cpu_count", "host/memory_total_bytes",
        "host/kernel");
    return byKey;
  }

  /** Each setting is reported: known, or unknown with a reason. */
  private static void settingsPresent(Map<String, Fact> facts, List<String> names) {
    for (String name : names) {
      Fact fact = facts.get("durability/" + name);
      assertThat(fact).as(name).isNotNull();
      assertThat(fact.known() || !fact.unknownReason().isBlank()).as(name).isTrue();
    }
  }

  /**
   * The log location holds a file the server names ({@code fileSql}'s first column), and on this
   * host its filesystem and rotational flag are known. A server elsewhere (an env URL, a container)
   * has every device fact unknown with the reason instead.
   */
  private static void logLocationOnThisHost(DatabaseTarget target, Map<String, Fact> facts, String location,
      String directory, String fileSql) throws Exception {
    String prefix = "log_device/" + location + ".";
    DatabaseHost where = DatabaseHost.of(dialect(target).hosts(target.url()));
    Path path = Path.of(directory);
    if (!where.thisHost() || !Files.isDirectory(path)) {
      String reason = facts.get(prefix + "filesystem").unknownReason();
      System.out.println(PREFIX + target + ": " + directory + " is not a directory of this host: " + reason);
      assertThat(StorageFacts.ATTRIBUTES).allSatisfy(a -> assertThat(facts.get(prefix + a).known()).isFalse());
      assertThat(reason).isIn(where.explanation(), directory + " does not exist on this host"
          + " (is the database in a container or VM with a filesystem of its own?)");
      return;
    }
    try (Connection admin = target.connect(); Statement st = admin.createStatement();
        ResultSet rs = st.executeQuery(fileSql)) {
      assertThat(rs.next()).isTrue();
      assertThat(path.resolve(rs.getString(1))).as("a log file the server names").exists();
    }
    assertThat(facts.get(prefix + "real_path").value()).isEqualTo(path.toRealPath().toString());
    assertThat(facts.get(prefix + "filesystem").value()).isNotBlank();
    assertThat(facts.get(prefix + "mount_point").value()).startsWith("/");
    assertThat(facts.get(prefix + "rotational").value()).isIn("0", "1").as("rotational of " + directory);
    assertThat(facts.get(prefix + "logical_block_size").value()).matches("\\d+");
    assertThat(facts.get(prefix + "free_bytes").value()).matches("\\d+");
  }

  private static Dialect dialect(DatabaseTarget target) {
    return DialectRegistry.load().forUrl(target.url()).orElseThrow();
  }

  private static Map<String, Fact> byKey(List<Fact> facts) {
    return facts.stream().collect(Collectors.toMap(f -> f.group() + "/" + f.name(), f -> f, (a, b) -> a,
        LinkedHashMap::new));
  }
}
