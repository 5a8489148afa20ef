package io.commitbench.driver.oracle;

import io.commitbench.core.server.Fact;
import io.commitbench.core.server.FactQueries;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Oracle's environment facts from the dynamic performance views, which need SELECT_CATALOG_ROLE
 * (SYSTEM has it): {@code V$DATABASE} (log mode, force logging), {@code V$PARAMETER} (commit
 * logging and waiting, file system I/O options), {@code V$LOG} (redo groups, their size and block
 * size) and {@code V$LOGFILE} (every online redo member: the log locations). Each view is read by
 * its own query, so a refused one (ORA-00942) leaves only its facts unknown, with Oracle's message.
 * Stateless.
 */
final class OracleServerFacts {

  static final String DATABASE_SQL = "SELECT LOG_MODE, FORCE_LOGGING FROM V$DATABASE";

  static final String PARAMETERS_SQL = "SELECT NAME, VALUE FROM V$PARAMETER"
      + " WHERE NAME IN ('commit_logging', 'commit_wait', 'filesystemio_options') ORDER BY NAME";

  static final String LOG_SQL = "SELECT GROUP#, BYTES, BLOCKSIZE FROM V$LOG ORDER BY GROUP#";

  static final String LOGFILE_SQL = "SELECT GROUP#, MEMBER FROM V$LOGFILE WHERE TYPE = 'ONLINE' ORDER BY GROUP#, MEMBER";

  /** What Oracle does when a commit parameter is not set (its VALUE is NULL). */
  private static final Map<String, String> NOT_SET = Map.of(
      "commit_logging", "not set (commits are logged IMMEDIATE)",
      "commit_wait", "not set (commits WAIT for the redo write)",
      "filesystemio_options", "not set");

  private OracleServerFacts() {}

  static List<Fact> read(Connection admin) throws SQLException {
    List<Fact> facts = new ArrayList<>();
    facts.add(Fact.of("server", "product", admin.getMetaData().getDatabaseProductName()));
    // "Oracle Database 23ai Free Release 23.0.0.0.0 - ...\nVersion 23.6.0.24.10" on one line.
    facts.add(Fact.of("server", "version", admin.getMetaData().getDatabaseProductVersion().strip()
        .replaceAll("\\s*\\n\\s*", "; ")));
    database(admin, facts);
    parameters(admin, facts);
    redoGroups(admin, facts);
    redoMembers(admin, facts);
    return facts;
  }

  private static void database(Connection admin, List<Fact> facts) {
    try {
      List<Map<String, String>> rows = FactQueries.rows(admin, DATABASE_SQL);
      Map<String, String> row = rows.isEmpty() ? Map.of() : rows.get(0);
      facts.add(column(row, "log_mode", "LOG_MODE", DATABASE_SQL));
      facts.add(column(row, "force_logging", "FORCE_LOGGING", DATABASE_SQL));
    } catch (SQLException e) {
      facts.add(Fact.unknown("durability", "log_mode", FactQueries.reason(e)));
      facts.add(Fact.unknown("durability", "force_logging", FactQueries.reason(e)));
    }
  }

  private static void parameters(Connection admin, List<Fact> facts) {
    Map<String, String> values = new LinkedHashMap<>();
    String failure = null;
    try {
      for (Map<String, String> row : FactQueries.rows(admin, PARAMETERS_SQL)) {
        values.put(row.get("NAME"), row.get("VALUE") == null ? NOT_SET.get(row.get("NAME")) : row.get("VALUE"));
      }
    } catch (SQLException e) {
      failure = FactQueries.reason(e);
    }
    for (String name : List.of("commit_logging", "commit_wait", "filesystemio_options")) {
      String value = values.get(name);
      facts.add(value != null ? Fact.of("durability", name, value)
          : Fact.unknown("durability", name, failure != null ? failure : "V$PARAMETER has no row " + name));
    }
  }

  /** Group count, and size and block size: one value when all groups agree, else per group. */
  private static void redoGroups(Connection admin, List<Fact> facts) {
    try {
      List<Map<String, String>> rows = FactQueries.rows(admin, LOG_SQL);
      if (rows.isEmpty()) {
        String reason = "V$LOG has no row";
        List.of("redo_groups", "redo_group_bytes", "redo_block_size")
            .forEach(name -> facts.add(Fact.unknown("durability", name, reason)));
        return;
      }
      facts.add(Fact.of("durability", "redo_groups", Integer.toString(rows.size())));
      facts.add(Fact.of("durability", "redo_group_bytes", perGroup(rows, "BYTES")));
      facts.add(Fact.of("durability", "redo_block_size", perGroup(rows, "BLOCKSIZE")));
    } catch (SQLException e) {
      List.of("redo_groups", "redo_group_bytes", "redo_block_size")
          .forEach(name -> facts.add(Fact.unknown("durability", name, FactQueries.reason(e))));
    }
  }

  /** One fact per online member, {@code redo_group_<g>_member_<n>}: an absolute path on the server. */
  private static void redoMembers(Connection admin, List<Fact> facts) {
    try {
      List<Map<String, String>> rows = FactQueries.rows(admin, LOGFILE_SQL);
      if (rows.isEmpty()) {
        facts.add(Fact.unknown("log_location", "redo_members", "V$LOGFILE has no ONLINE row"));
      }
      Map<String, Integer> perGroup = new LinkedHashMap<>();
      for (Map<String, String> row : rows) {
        int n = perGroup.merge(row.get("GROUP#"), 1, Integer::sum);
        facts.add(Fact.of("log_location", "redo_group_" + row.get("GROUP#") + "_member_" + n, row.get("MEMBER")));
      }
    } catch (SQLException e) {
      facts.add(Fact.unknown("log_location", "redo_members", FactQueries.reason(e)));
    }
  }

  private static String perGroup(List<Map<String, String>> rows, String column) {
    if (rows.stream().map(r -> r.get(column)).distinct().count() == 1) {
      return rows.get(0).get(column);
    }
    List<String> pairs = rows.stream().map(r -> "group " + r.get("GROUP#") + "=" + r.get(column)).toList();
    return String.join(", ", pairs);
  }

  private static Fact column(Map<String, String> row, String name, String column, String sql) {
    String value = row.get(column);
    return value != null ? Fact.of("durability", name, value) : Fact.unknown("durability", name, "no value from: " + sql);
  }
}
