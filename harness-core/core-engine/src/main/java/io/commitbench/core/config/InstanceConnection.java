package io.commitbench.core.config;

import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.key.Violation;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Points a run at a managed instance: {@code db.instance=DIR} names the directory that
 * {@code commitbench storage instance create} made, whose {@code connection.properties} gives
 * {@code db.type}, {@code db.url} and {@code db.user}. A key set in the parameter file or with
 * {@code --set} wins over the instance's; the instance never supplies a password (a managed
 * instance trusts local connections).
 */
final class InstanceConnection {

  /** The file a managed instance writes into its directory. */
  static final String FILE = "connection.properties";
  private static final List<String> SUPPLIED = List.of(ParameterKeys.DB_TYPE, ParameterKeys.DB_URL, ParameterKeys.DB_USER);

  private InstanceConnection() {}

  /**
   * Adds the instance's connection keys to {@code raw} where absent.
   *
   * @return the problem, when {@code db.instance} is set and its file cannot be read
   */
  static Optional<Violation> fill(Map<String, String> raw) {
    String dir = raw.get(ParameterKeys.DB_INSTANCE);
    if (dir == null || dir.isBlank()) {
      return Optional.empty();
    }
    Path file = Path.of(dir.trim()).resolve(FILE);
    Properties instance = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      instance.load(reader);
    } catch (IOException | IllegalArgumentException e) {
      return Optional.of(new Violation(ParameterKeys.DB_INSTANCE, dir, "cannot read " + file + " (" + e.getMessage()
          + "); allowed: the directory of a managed instance made by 'commitbench storage instance create'"));
    }
    if (instance.getProperty(ParameterKeys.DB_URL) == null) {
      return Optional.of(new Violation(ParameterKeys.DB_INSTANCE, dir, file + " has no " + ParameterKeys.DB_URL
          + "; allowed: the directory of a managed instance made by 'commitbench storage instance create'"));
    }
    for (String key : SUPPLIED) {
      String value = instance.getProperty(key);
      if (value != null && !raw.containsKey(key)) {
        raw.put(key, value.trim());
      }
    }
    return Optional.empty();
  }
}
