package io.commitbench.core.workload;

import java.util.Map;

/**
 * Every key's validated, typed value (numbers as {@code Long}, booleans, text), engine keys and
 * the workload's own alike; a key without a value (no default, not given) is absent.
 *
 * @param values key to value
 */
public record WorkloadSettings(Map<String, Object> values) {

  public WorkloadSettings {
    values = Map.copyOf(values);
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
