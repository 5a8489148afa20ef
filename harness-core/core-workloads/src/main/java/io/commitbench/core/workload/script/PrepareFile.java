package io.commitbench.core.workload.script;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code script.prepare} file, split for the run: each listed table's {@code CREATE TABLE} and
 * {@code CREATE INDEX} statements become the table's own, which the run executes, marks and drops
 * as it does its own tables' (so it drops only what it created); the other statements fill the
 * tables, after pgbench's data set is loaded. A statement that drops something, a table the list
 * does not name, {@code IF NOT EXISTS} (a table that was there would be taken for the run's) and a
 * qualified name (the tables go into the run's schema) are refused.
 *
 * @param creates each table's statements, the tables in the order the file creates them
 * @param fill the other statements, in the file's order
 */
record PrepareFile(Map<String, List<String>> creates, List<String> fill) {

  private static final String NAME = "([A-Za-z_][A-Za-z0-9_$]*(?:\\.[A-Za-z_][A-Za-z0-9_$]*)?|\"[^\"]*\")";
  private static final Pattern CREATE_TABLE =
      Pattern.compile("(?is)CREATE\\s+(?:(?:GLOBAL\\s+|LOCAL\\s+)?(?:TEMPORARY|TEMP)\\s+|UNLOGGED\\s+)?TABLE\\s+"
          + "(IF\\s+NOT\\s+EXISTS\\s+)?" + NAME);
  private static final Pattern CREATE_INDEX =
      Pattern.compile("(?is)CREATE\\s+(?:UNIQUE\\s+)?INDEX\\s+.*?\\bON\\s+(?:ONLY\\s+)?" + NAME);
  private static final Pattern DROP = Pattern.compile("(?is)DROP\\s+\\w+.*");

  public PrepareFile {
    creates = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(creates));
    fill = List.copyOf(fill);
  }

  /**
   * Splits {@code text}.
   *
   * @param tables the names of {@code script.prepare.tables}, lower case
   * @param problems receives each problem, one line each
   */
  static PrepareFile split(String text, Set<String> tables, java.util.function.Consumer<String> problems) {
    Map<String, List<String>> creates = new LinkedHashMap<>();
    List<String> fill = new ArrayList<>();
    // Every table a CREATE TABLE names, refused or not: a refused one is reported once, not also as missing.
    Set<String> named = new java.util.HashSet<>();
    int number = 0;
    for (String statement : SqlFile.statements(text)) {
      number++;
      String body = withoutLeadingComments(statement);
      String where = "statement " + number + " (" + shortened(body) + ")";
      Matcher table = CREATE_TABLE.matcher(body);
      Matcher index = CREATE_INDEX.matcher(body);
      if (table.lookingAt()) {
        String name = table.group(2);
        named.add(name.toLowerCase(Locale.ROOT));
        if (table.group(1) != null) {
          problems.accept(where + ": IF NOT EXISTS; allowed: a plain CREATE TABLE (a table that exists already"
              + " would be taken for the run's own and dropped at its end)");
        } else if (!plain(name)) {
          problems.accept(where + ": table " + name + " is qualified or quoted; allowed: a plain lower-case name,"
              + " created in the run's schema");
        } else if (!tables.contains(name.toLowerCase(Locale.ROOT))) {
          problems.accept(where + ": creates table " + name + ", which script.prepare.tables does not list;"
              + " allowed: list every table the file creates, so the run drops it");
        } else if (creates.containsKey(name.toLowerCase(Locale.ROOT))) {
          problems.accept(where + ": creates table " + name + " a second time");
        } else {
          creates.computeIfAbsent(name.toLowerCase(Locale.ROOT), t -> new ArrayList<>()).add(statement);
        }
      } else if (index.lookingAt()) {
        String name = index.group(1).toLowerCase(Locale.ROOT);
        if (!creates.containsKey(name)) {
          problems.accept(where + ": an index on " + index.group(1) + ", which the file does not create before it;"
              + " allowed: indexes on the tables of script.prepare.tables, after their CREATE TABLE");
        } else {
          creates.get(name).add(statement);
        }
      } else if (DROP.matcher(body).matches()) {
        problems.accept(where + ": drops something; allowed: no DROP (the run drops the tables it created at its"
            + " end, and nothing else)");
      } else {
        fill.add(statement);
      }
    }
    for (String listed : tables) {
      if (!named.contains(listed)) {
        problems.accept("script.prepare.tables lists " + listed + ", but the file has no CREATE TABLE " + listed);
      }
    }
    return new PrepareFile(creates, fill);
  }

  private static boolean plain(String name) {
    return name.matches("[A-Za-z_][A-Za-z0-9_]*");
  }

  private static String withoutLeadingComments(String statement) {
    String s = statement.strip();
    while (true) {
      if (s.startsWith("--")) {
        int end = s.indexOf('\n');
        s = end < 0 ? "" : s.substring(end + 1).strip();
      } else if (s.startsWith("/*")) {
        int end = s.indexOf("*/");
        s = end < 0 ? "" : s.substring(end + 2).strip();
      } else {
        return s;
      }
    }
  }

  private static String shortened(String statement) {
    String line = statement.replaceAll("\\s+", " ");
    return line.length() <= 40 ? line : line.substring(0, 37) + "...";
  }
}
