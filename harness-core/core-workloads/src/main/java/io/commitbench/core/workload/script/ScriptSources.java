package io.commitbench.core.workload.script;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code script.files}: a comma-separated list of pgbench's {@code -f file[@weight]} and {@code
 * -b name[@weight]}, such as {@code checkout.sql@5,browse.sql,tpcb-like@2}. As pgbench 15's {@code
 * parseScriptWeight}, the weight follows the last {@code @}, is 1 when absent and an integer from 0
 * to 2147483647, and the weights must not add up to 0. An entry with a directory or ending in {@code
 * .sql} is a file; otherwise one that is a built-in's name, or as pgbench's {@code findBuiltin} a
 * prefix of exactly one ({@code tpcb}), is that built-in, a prefix of several is refused, and
 * anything else is a file. A file's name cannot hold a comma.
 */
public final class ScriptSources {

  private static final String WEIGHT_ALLOWED = "an integer from 0 to " + Integer.MAX_VALUE + " after the @";

  private ScriptSources() {}

  /**
   * The scripts, in the order given.
   *
   * @throws IllegalArgumentException naming the entry that is wrong and what is allowed
   */
  public static List<ScriptSource> parse(String value) {
    List<ScriptSource> sources = new ArrayList<>();
    Map<String, String> entryOfName = new HashMap<>();
    long totalWeight = 0;
    for (String raw : value.split(",", -1)) {
      String entry = raw.trim();
      ScriptSource source = entry(entry);
      String earlier = entryOfName.putIfAbsent(source.name(), entry);
      if (earlier != null) {
        throw new IllegalArgumentException("entries \"" + earlier + "\" and \"" + entry + "\" are both scripts named "
            + source.name() + "; allowed: one script per name (name the files apart)");
      }
      totalWeight += source.weight();
      sources.add(source);
    }
    if (totalWeight == 0) {
      throw new IllegalArgumentException("the scripts' weights add up to 0; allowed: at least one weight above 0");
    }
    return List.copyOf(sources);
  }

  private static ScriptSource entry(String entry) {
    int at = entry.lastIndexOf('@');
    String name = at < 0 ? entry : entry.substring(0, at).trim();
    int weight = at < 0 ? 1 : weight(entry, entry.substring(at + 1).trim());
    if (name.isEmpty()) {
      throw new IllegalArgumentException("entry \"" + entry + "\" names no script; allowed: a file such as"
          + " checkout.sql[@weight] or a built-in (" + String.join(", ", BuiltinScripts.names()) + ")[@weight]");
    }
    if (name.contains("/") || name.contains("\\") || name.endsWith(".sql")) {
      return new ScriptSource(name, weight, false);
    }
    List<String> matches = BuiltinScripts.names().stream().filter(b -> b.startsWith(name)).toList();
    if (matches.size() > 1) {
      throw new IllegalArgumentException("entry \"" + entry + "\" is the start of several built-ins' names ("
          + String.join(", ", matches) + "); allowed: one built-in's name or a longer start of it, or a file"
          + " written with its directory (./" + name + ")");
    }
    return matches.size() == 1 ? new ScriptSource(matches.get(0), weight, true) : new ScriptSource(name, weight, false);
  }

  private static int weight(String entry, String text) {
    if (text.isEmpty() || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new IllegalArgumentException("entry \"" + entry + "\" has the weight \"" + text + "\"; allowed: "
          + WEIGHT_ALLOWED);
    }
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("entry \"" + entry + "\" has the weight " + text
          + ", out of range; allowed: " + WEIGHT_ALLOWED, e);
    }
  }
}
