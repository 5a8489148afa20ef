package io.commitbench.bench;

import java.util.HashMap;
import java.util.Map;

/** The {@code key=value} arguments of a benchmark's main, over its defaults; an unknown key is refused with the allowed ones. */
public final class BenchArguments {

  private BenchArguments() {}

  public static Map<String, String> parse(String[] args, Map<String, String> defaults) {
    Map<String, String> p = new HashMap<>(defaults);
    for (String arg : args) {
      String[] kv = arg.split("=", 2);
      if (kv.length != 2 || !p.containsKey(kv[0])) {
        throw new IllegalArgumentException("unknown argument '" + arg + "'; allowed: " + p.keySet() + " as key=value");
      }
      p.put(kv[0], kv[1]);
    }
    return p;
  }
}
