package io.commitbench.driver.mariadb;

import io.commitbench.core.server.Fact;
import io.commitbench.core.server.FactQueries;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * MariaDB's environment facts from one {@code SHOW GLOBAL VARIABLES} (which every account may
 * run, and which shows ON/OFF as the documentation does). A variable the server does not have is
 * unknown with that reason: {@code innodb_flush_method} is being replaced by {@code
 * innodb_log_file_buffering} (10.8.4+) and {@code innodb_log_file_write_through} (11.0+), so
 * all three are asked for.
 *
 * <p>The redo log ({@code ib_logfile0}) is in {@code innodb_log_group_home_dir}, which is
 * relative to {@code datadir} when not absolute (default {@code ./}). Stateless.
 */
final class MariadbServerFacts {

  /** The variables that decide what a commit waits for and how the redo log is written. */
  static final List<String> DURABILITY_VARIABLES = List.of("innodb_flush_log_at_trx_commit", "innodb_flush_method",
      "innodb_log_file_buffering", "innodb_log_file_write_through", "innodb_log_file_size", "sync_binlog", "log_bin",
      "innodb_doublewrite");

  static final String VARIABLES_SQL = "SHOW GLOBAL VARIABLES WHERE Variable_name IN ("
      + Stream.concat(Stream.of("datadir", "innodb_log_group_home_dir"), DURABILITY_VARIABLES.stream())
          .map(v -> "'" + v + "'").collect(Collectors.joining(", ")) + ")";

  static final String VERSION_SQL = "SELECT VERSION()";

  private MariadbServerFacts() {}

  static List<Fact> read(Connection admin) throws SQLException {
    List<Fact> facts = new ArrayList<>();
    facts.add(Fact.of("server", "product", admin.getMetaData().getDatabaseProductName()));
    Fact version = FactQueries.single(admin, "server", "version", VERSION_SQL);
    facts.add(version);
    Map<String, String> variables;
    String failure;
    try {
      variables = FactQueries.rows(admin, VARIABLES_SQL).stream()
          .collect(Collectors.toMap(r -> r.get("VARIABLE_NAME"), r -> r.get("VALUE"), (a, b) -> a));
      failure = null;
    } catch (SQLException e) {
      variables = Map.of();
      failure = FactQueries.reason(e);
    }
    String missing = failure != null ? failure
        : "no such server variable in " + (version.known() ? version.value() : "this server");
    Fact datadir = variable(variables, "server", "data_directory", "datadir", missing);
    Fact homeDir = variable(variables, "server", "innodb_log_group_home_dir", "innodb_log_group_home_dir", missing);
    facts.add(datadir);
    facts.add(homeDir);
    for (String name : DURABILITY_VARIABLES) {
      facts.add(variable(variables, "durability", name, name, missing));
    }
    facts.add(redoDirectory(datadir, homeDir));
    return facts;
  }

  /** {@code innodb_log_group_home_dir} as an absolute path, resolved against {@code datadir}. */
  static Fact redoDirectory(Fact datadir, Fact homeDir) {
    String name = "redo_log_directory";
    if (!homeDir.known()) {
      return Fact.unknown("log_location", name, "innodb_log_group_home_dir: " + homeDir.unknownReason());
    }
    String home = homeDir.value();
    if (home.startsWith("/")) {
      return Fact.of("log_location", name, normalize(home));
    }
    if (home.matches("[A-Za-z]:[\\\\/].*")) {
      return Fact.of("log_location", name, home);
    }
    if (!datadir.known()) {
      return Fact.unknown("log_location", name, "innodb_log_group_home_dir '" + home + "' is relative to datadir: "
          + datadir.unknownReason());
    }
    return Fact.of("log_location", name, normalize(datadir.value() + "/" + home));
  }

  /** Removes {@code .}, {@code ..}, doubled and trailing slashes from an absolute Unix path. */
  static String normalize(String path) {
    if (!path.startsWith("/")) {
      return path;
    }
    Deque<String> parts = new ArrayDeque<>();
    for (String part : path.split("/")) {
      if (part.equals("..")) {
        parts.pollLast();
      } else if (!part.isEmpty() && !part.equals(".")) {
        parts.addLast(part);
      }
    }
    return "/" + String.join("/", parts);
  }

  private static Fact variable(Map<String, String> variables, String group, String name, String variable, String missing) {
    String value = variables.get(variable);
    return value != null ? Fact.of(group, name, value) : Fact.unknown(group, name, missing);
  }
}
