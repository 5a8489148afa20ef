package io.commitbench.storage.oracle;

import java.util.List;
import java.util.stream.Collectors;

/** The text of every statement the redo procedures execute, in one place so plans show exactly these. */
final class RedoStatements {

  static final String SWITCH = "ALTER SYSTEM SWITCH LOGFILE";
  static final String CHECKPOINT = "ALTER SYSTEM CHECKPOINT";
  static final String ARCHIVE_CURRENT = "ALTER SYSTEM ARCHIVE LOG CURRENT";

  private RedoStatements() {}

  static String add(int group, List<String> paths, RedoGeometry geometry) {
    return "ALTER DATABASE ADD LOGFILE GROUP " + group + " ("
        + paths.stream().map(RedoStatements::literal).collect(Collectors.joining(", ")) + ") " + geometry.clause();
  }

  /** ADD … REUSE: overwrites member files that already exist, at the given size. */
  static String addReusing(int group, List<String> paths, RedoGeometry geometry) {
    return add(group, paths, geometry) + " REUSE";
  }

  static String drop(int group) {
    return "ALTER DATABASE DROP LOGFILE GROUP " + group;
  }

  static String clear(int group) {
    return "ALTER DATABASE CLEAR LOGFILE GROUP " + group;
  }

  /** A quoted SQL string literal. */
  static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
