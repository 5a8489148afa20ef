package io.commitbench.core.host.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The text format of a device model's profile and state files: {@code key = value} lines,
 * {@code #} starting a comment, as the models' C reader ({@code model_common.c}) takes them.
 */
public final class KeyValueFile {

  private KeyValueFile() {}

  /** The keys and values in the order of the text; a line without {@code =} is passed over. */
  public static Map<String, String> parse(String text) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      int hash = line.indexOf('#');
      String content = (hash >= 0 ? line.substring(0, hash) : line).strip();
      int eq = content.indexOf('=');
      if (eq > 0) {
        values.put(content.substring(0, eq).strip(), content.substring(eq + 1).strip());
      }
    }
    return values;
  }

  /** The file's keys and values, or empty when it cannot be read (a model that has not written it yet). */
  public static Optional<Map<String, String>> read(Path file) {
    try {
      return Optional.of(parse(Files.readString(file)));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** A model's state without the lines that name it ({@code model}, {@code profile}): its counters. */
  public static Map<String, String> counters(Map<String, String> state) {
    Map<String, String> counters = new LinkedHashMap<>(state);
    counters.remove("model");
    counters.remove("profile");
    return counters;
  }

  /** The {@code datasheet.*} figures of a profile's text, without the prefix, as numbers. */
  public static Map<String, Double> datasheet(String profileText) {
    Map<String, Double> figures = new LinkedHashMap<>();
    parse(profileText).forEach((k, v) -> {
      if (k.startsWith("datasheet.")) {
        try {
          figures.put(k.substring("datasheet.".length()), Double.parseDouble(v));
        } catch (NumberFormatException e) {
          // a figure the data sheet gives as text is for the reader of the file only
        }
      }
    });
    return figures;
  }
}
