package io.commitbench.core.config;

import io.commitbench.core.key.Violation;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Reads a parameter file: UTF-8 text (see {@link Utf8Text}) in java.util.Properties syntax, each
 * key at most once. Properties keeps the last of a repeated key without a word, so a run could
 * use another value than the one a reader of the file sees first: every repeated key is
 * reported, with its values in order. All problems are violations of the key {@code file}, or of
 * the repeated key.
 *
 * <pre>
 * Properties keys = ParameterFile.read(Path.of("config/paper.properties"));
 * </pre>
 */
final class ParameterFile {

  /** Far above any real parameter file; a larger file is not read into memory at all. */
  static final int MAX_BYTES = 1024 * 1024;
  private static final String ALLOWED = "; allowed: a Java .properties file saved as UTF-8 text";

  private ParameterFile() {}

  static Properties read(Path file) throws ConfigException {
    String text;
    try {
      long size = Files.size(file);
      if (size > MAX_BYTES) {
        throw fileProblem(file, size + " bytes, too large for a parameter file; allowed: a Java .properties file"
            + " of at most " + MAX_BYTES + " bytes");
      }
      text = Utf8Text.decode(Files.readAllBytes(file));
    } catch (Utf8Text.NotText e) {
      throw fileProblem(file, e.getMessage() + ALLOWED);
    } catch (IOException e) {
      throw unreadable(file, e);
    }
    RecordingProperties recorded = new RecordingProperties();
    try {
      recorded.load(new StringReader(text));
    } catch (IOException | IllegalArgumentException e) {
      throw unreadable(file, e);
    }
    List<Violation> repeated = RepeatedKeys.violations(recorded.values, "", " in " + file,
        ", so that the file alone says which value a run uses");
    if (!repeated.isEmpty()) {
      throw new ConfigException(repeated);
    }
    Properties properties = new Properties();
    properties.putAll(recorded);
    return properties;
  }

  private static ConfigException unreadable(Path file, Exception e) {
    return fileProblem(file, "cannot read the parameter file (" + e.getMessage()
        + "); allowed: a readable Java .properties file");
  }

  private static ConfigException fileProblem(Path file, String message) {
    return new ConfigException(List.of(new Violation("file", file.toString(), message)));
  }

  /** Properties that remember every value each key was given; {@link Properties#load} puts them one by one. */
  private static final class RecordingProperties extends Properties {
    private static final long serialVersionUID = 1L;
    private final transient Map<String, List<String>> values = new LinkedHashMap<>();

    @Override
    public synchronized Object put(Object key, Object value) {
      values.computeIfAbsent((String) key, k -> new ArrayList<>()).add((String) value);
      return super.put(key, value);
    }
  }
}
