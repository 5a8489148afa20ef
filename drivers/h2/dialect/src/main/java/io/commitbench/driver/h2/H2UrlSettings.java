package io.commitbench.driver.h2;

import io.commitbench.core.dialect.UnsafeUrlSetting;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The settings of an H2 URL ({@code ;NAME=value} after the database) that make H2 run code. H2
 * runs {@code INIT} as SQL when it opens the database and constructs the classes two settings
 * name; every other setting it runs as {@code SET NAME value}, with the value as SQL text, so a
 * value that is more than a plain word or number can call functions that write files ({@code
 * CSVWRITE}) or, after an escaped {@code \;}, run any further statement. Stateless.
 */
final class H2UrlSettings {

  /** The settings H2's documentation names for SQL at connect and for classes it loads by name. */
  private static final Map<String, String> BY_NAME = Map.of(
      "INIT", "makes H2 run that SQL when it opens the database (any SQL: RUNSCRIPT reads a script from a file or"
          + " a URL, CREATE ALIAS makes Java code callable)",
      "DATABASE_EVENT_LISTENER", "makes H2 load and construct the class it names",
      "JAVA_OBJECT_SERIALIZER", "makes H2 load and construct the class it names");
  /** A value H2's SET takes as a plain word, number or list of them: no quote, parenthesis or escape. */
  private static final String PLAIN_VALUE = "[A-Za-z0-9 _.,:/+-]*";

  private H2UrlSettings() {}

  static List<UnsafeUrlSetting> unsafe(String jdbcUrl) {
    List<UnsafeUrlSetting> unsafe = new ArrayList<>();
    List<String> parts = split(jdbcUrl);
    // parts[0] is the database itself (mem:x, file:/path, tcp://host/path), no setting.
    for (String part : parts.subList(1, parts.size())) {
      int equals = part.indexOf('=');
      if (equals <= 0) {
        continue;
      }
      String name = part.substring(0, equals).strip();
      String value = part.substring(equals + 1);
      String effect = BY_NAME.get(name.toUpperCase(Locale.ROOT));
      if (effect != null) {
        unsafe.add(new UnsafeUrlSetting(name, effect));
      } else if (!value.matches(PLAIN_VALUE)) {
        unsafe.add(new UnsafeUrlSetting(name, "H2 runs as SQL (SET " + name + " <value>), and its value is more than"
            + " a plain value (a word, a number or a list of them), so it may call functions that write files or run"
            + " further statements"));
      }
    }
    return unsafe;
  }

  /** The URL cut at each ';' that is not escaped by a backslash, as H2 reads it; escapes are kept. */
  private static List<String> split(String jdbcUrl) {
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    for (int i = 0; i < jdbcUrl.length(); i++) {
      char c = jdbcUrl.charAt(i);
      if (c == '\\' && i + 1 < jdbcUrl.length()) {
        part.append(c).append(jdbcUrl.charAt(++i));
      } else if (c == ';') {
        parts.add(part.toString());
        part.setLength(0);
      } else {
        part.append(c);
      }
    }
    parts.add(part.toString());
    return parts;
  }
}
