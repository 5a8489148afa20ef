package io.commitbench.core.report.html;

import java.util.List;
import java.util.Map;

/**
 * The run header of {@code report.txt} as rows of a table, its labels in plain words. The text
 * header keeps the paper's testframe labels, spelling included ("Sleep Intervall"), so a run's
 * text can be set beside the paper's; a page for a person says what they mean.
 */
final class RunHeaderTable {

  /** The header's labels that say less than they should, and what the page calls them. */
  private static final Map<String, String> PLAIN = Map.ofEntries(
      Map.entry("DB-Type", "Database kind"),
      Map.entry("Sleep Intervall", "Sleep interval (ms)"),
      Map.entry("Test Users", "Users (actors)"),
      Map.entry("Quota Amount", "Quota per created user (MB)"),
      Map.entry("Think Time", "Think time"),
      Map.entry("Retry Max", "Retries at most"),
      Map.entry("Users Mode", "Users mode"),
      Map.entry("DB-URL", "Database URL"),
      Map.entry("DB-User", "Database user"),
      Map.entry("Table Prefix", "Table prefix"),
      Map.entry("User Prefix", "User prefix"),
      Map.entry("DB Product", "Database product"),
      Map.entry("Log Location", "Log location"),
      Map.entry("Log Filesystem", "Log filesystem"),
      Map.entry("Log Device", "Log device"),
      Map.entry("Log Lab Device", "Log lab device"),
      Map.entry("Host CPU", "Host CPU"),
      Map.entry("Host Memory", "Host memory"),
      Map.entry("Host OS", "Host system"));

  private RunHeaderTable() {}

  /** Label and value per header line of {@code header} (the text between the header's rules). */
  static List<String[]> rows(String header) {
    List<String[]> rows = HeaderLines.parse(header.lines().toList());
    rows.forEach(row -> row[0] = plain(row[0]));
    return rows;
  }

  static String plain(String label) {
    return PLAIN.getOrDefault(label, label);
  }
}
