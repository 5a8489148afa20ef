package io.commitbench.core.config;

import io.commitbench.core.key.Violation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Overrides given as {@code KEY=VALUE} texts (the command line's {@code --set}), checked as the
 * parameter file is: a key given twice is refused with both values instead of the last one
 * silently winning, so that the command line alone says which value a run uses.
 */
public final class Overrides {

  private Overrides() {}

  /**
   * @param settings each {@code KEY=VALUE}; a text without {@code =} sets the key to the empty value
   * @param option how the user gave them, for the message ({@code --set})
   * @throws ConfigException naming every key given more than once, with its values (passwords masked)
   */
  public static Map<String, String> parse(List<String> settings, String option) throws ConfigException {
    Map<String, List<String>> given = new LinkedHashMap<>();
    for (String setting : settings) {
      int eq = setting.indexOf('=');
      String key = (eq < 0 ? setting : setting.substring(0, eq)).trim();
      given.computeIfAbsent(key, k -> new ArrayList<>()).add(eq < 0 ? "" : setting.substring(eq + 1));
    }
    List<Violation> repeated = RepeatedKeys.violations(given, option + " ", "", "");
    Map<String, String> overrides = new LinkedHashMap<>();
    given.forEach((key, values) -> overrides.put(key, values.get(values.size() - 1)));
    if (!repeated.isEmpty()) {
      throw new ConfigException(repeated);
    }
    return overrides;
  }
}
