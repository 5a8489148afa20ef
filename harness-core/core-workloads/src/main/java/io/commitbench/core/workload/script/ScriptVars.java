package io.commitbench.core.workload.script;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads {@code script.vars}: a comma-separated list of pgbench's {@code -D name=value}, such as
 * {@code warehouses=10,region=eu}. As pgbench 15, the name ends at the first {@code =} and must be a
 * valid variable name ({@code valid_variable_name}), and the value is text, possibly empty, that
 * an expression reads as a number when it uses it; a value cannot hold a comma. A name given twice
 * is refused (pgbench keeps the last).
 */
public final class ScriptVars {

  private static final String NAME_ALLOWED = "a name of ASCII letters, digits and underscores (or non-ASCII"
      + " letters), not starting with a digit";

  private ScriptVars() {}

  /**
   * The variables in the order given; empty for an empty value.
   *
   * @throws IllegalArgumentException naming the entry that is wrong and what is allowed
   */
  public static Map<String, String> parse(String value) {
    Map<String, String> variables = new LinkedHashMap<>();
    if (value.isBlank()) {
      return Map.of();
    }
    for (String raw : value.split(",", -1)) {
      String entry = raw.trim();
      int equals = entry.indexOf('=');
      if (equals < 0) {
        throw new IllegalArgumentException("entry \"" + entry + "\" has no =; allowed: name=value, entries"
            + " separated by commas");
      }
      String name = entry.substring(0, equals).trim();
      if (!SqlParameters.isValidName(name)) {
        throw new IllegalArgumentException("entry \"" + entry + "\" has the invalid variable name \"" + name
            + "\"; allowed: " + NAME_ALLOWED);
      }
      if (variables.putIfAbsent(name, entry.substring(equals + 1)) != null) {
        throw new IllegalArgumentException("variable " + name + " is defined twice; allowed: each name once");
      }
    }
    return Collections.unmodifiableMap(variables);
  }
}
