package io.commitbench.driver.h2;

import io.commitbench.core.server.Fact;
import io.commitbench.core.server.FactQueries;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * H2's environment facts. H2 2.x keeps everything, its transaction log included, in one MVStore
 * file {@code <DATABASE_PATH()>.mv.db}, so that file is the log location. Of durability, H2
 * offers {@code WRITE_DELAY} (how long a commit may wait before the store writes it, ms), {@code
 * RETENTION_TIME} (how long old chunks are kept before their space is reused, ms) and {@code
 * MV_STORE}. An in-memory database has no file: its location is unknown with that reason. Stateless.
 */
final class H2ServerFacts {

  /** The settings of {@code INFORMATION_SCHEMA.SETTINGS} reported, under H2's names. */
  static final List<String> DURABILITY_SETTINGS = List.of("WRITE_DELAY", "RETENTION_TIME", "MV_STORE");

  static final String SETTINGS_SQL = "SELECT SETTING_NAME, SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS"
      + " WHERE SETTING_NAME IN ("
      + DURABILITY_SETTINGS.stream().map(s -> "'" + s + "'").collect(Collectors.joining(", ")) + ")";

  static final String PATH_SQL = "SELECT DATABASE_PATH()";

  /** H2 appends this to the database path for the MVStore file. */
  static final String MV_STORE_SUFFIX = ".mv.db";

  private H2ServerFacts() {}

  static List<Fact> read(Connection admin) throws SQLException {
    DatabaseMetaData meta = admin.getMetaData();
    List<Fact> facts = new ArrayList<>();
    facts.add(Fact.of("server", "product", meta.getDatabaseProductName()));
    facts.add(Fact.of("server", "version", meta.getDatabaseProductVersion()));
    Map<String, String> settings;
    String missing;
    try {
      settings = FactQueries.rows(admin, SETTINGS_SQL).stream()
          .collect(Collectors.toMap(r -> r.get("SETTING_NAME"), r -> r.get("SETTING_VALUE"), (a, b) -> a));
      missing = "not in INFORMATION_SCHEMA.SETTINGS of H2 " + meta.getDatabaseProductVersion();
    } catch (SQLException e) {
      settings = Map.of();
      missing = FactQueries.reason(e);
    }
    for (String name : DURABILITY_SETTINGS) {
      String value = settings.get(name);
      facts.add(value != null ? Fact.of("durability", name, value) : Fact.unknown("durability", name, missing));
    }
    facts.add(databaseFile(admin));
    return facts;
  }

  private static Fact databaseFile(Connection admin) {
    try {
      List<Map<String, String>> rows = FactQueries.rows(admin, PATH_SQL);
      String path = rows.isEmpty() ? null : rows.get(0).values().iterator().next();
      return path != null ? Fact.of("log_location", "database_file", path + MV_STORE_SUFFIX)
          : Fact.unknown("log_location", "database_file", "an in-memory database has no file");
    } catch (SQLException e) {
      return Fact.unknown("log_location", "database_file", FactQueries.reason(e));
    }
  }
}
