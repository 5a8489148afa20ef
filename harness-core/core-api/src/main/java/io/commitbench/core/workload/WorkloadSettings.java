package io.commitbench.core.workload;

import java.nio.file.Path;
import java.util.Map;

/**
 * Every key's validated, typed value (numbers as {@code Long}, booleans, text), engine keys and
 * the workload's own alike; a key without a value (no default, not given) is absent.
 *
 * @param values key to value
 * @param folder the folder of the parameter file the values came from, absolute: a workload
 *     resolves the relative paths of its keys (script files) against it, as a campaign resolves
 *     its cells' files against the campaign file's folder; the working directory when the values
 *     came from no file
 */
public record WorkloadSettings(Map<String, Object> values, Path folder) {

  public WorkloadSettings {
    values = Map.copyOf(values);
    folder = (folder == null ? Path.of("") : folder).toAbsolutePath().normalize();
  }

  /** Values that came from no file: relative paths are the working directory's. */
  public WorkloadSettings(Map<String, Object> values) {
    this(values, null);
  }

  public boolean has(String key) {
    return values.containsKey(key);
  }

  public long number(String key) {
    return (Long) require(key);
  }

  public int integer(String key) {
    return Math.toIntExact(number(key));
  }

  public boolean bool(String key) {
    return (Boolean) require(key);
  }

  public String text(String key) {
    return (String) require(key);
  }

  private Object require(String key) {
    Object value = values.get(key);
    if (value == null) {
      throw new IllegalStateException("no value for key " + key);
    }
    return value;
  }
}
