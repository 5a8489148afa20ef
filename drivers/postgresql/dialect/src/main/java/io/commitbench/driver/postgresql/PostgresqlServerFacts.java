package io.commitbench.driver.postgresql;

import io.commitbench.core.server.Fact;
import io.commitbench.core.server.FactQueries;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * PostgreSQL's environment facts, each setting read on its own with {@code current_setting}, so
 * a refused one (data_directory needs a superuser or pg_read_all_settings) or an unknown one
 * (wal_recycle before PostgreSQL 12) is unknown with the server's message while the rest is read.
 *
 * <p>The WAL lives in {@code <data_directory>/pg_wal} ({@code pg_xlog} before 10); that may be a
 * symlink to another disk, which only this host's side can follow. Stateless.
 */
final class PostgresqlServerFacts {

  /** The settings that decide what a commit waits for and how the WAL is written. */
  static final List<String> DURABILITY_SETTINGS = List.of("synchronous_commit", "fsync", "wal_sync_method",
      "full_page_writes", "wal_recycle", "wal_init_zero", "commit_delay", "commit_siblings", "wal_level",
      "wal_segment_size");

  private static final int FIRST_PG_WAL_VERSION = 100_000;

  private PostgresqlServerFacts() {}

  static String settingSql(String name) {
    return "SELECT current_setting('" + name + "')";
  }

  static List<Fact> read(Connection admin) throws SQLException {
    List<Fact> facts = new ArrayList<>();
    facts.add(Fact.of("server", "product", admin.getMetaData().getDatabaseProductName()));
    facts.add(FactQueries.single(admin, "server", "version", settingSql("server_version")));
    Fact dataDirectory = FactQueries.single(admin, "server", "data_directory", settingSql("data_directory"));
    facts.add(dataDirectory);
    for (String setting : DURABILITY_SETTINGS) {
      facts.add(FactQueries.single(admin, "durability", setting, settingSql(setting)));
    }
    Fact versionNumber = FactQueries.single(admin, "server", "version_num", settingSql("server_version_num"));
    String walName = versionNumber.known() && versionNumber.value().matches("\\d+")
        && Integer.parseInt(versionNumber.value()) < FIRST_PG_WAL_VERSION ? "pg_xlog" : PostgresqlDialect.WAL_DIR;
    facts.add(dataDirectory.known()
        ? Fact.of("log_location", "wal_directory", dataDirectory.value().replaceFirst("/+$", "") + "/" + walName)
        : Fact.unknown("log_location", "wal_directory", "data_directory: " + dataDirectory.unknownReason()));
    return facts;
  }
}
