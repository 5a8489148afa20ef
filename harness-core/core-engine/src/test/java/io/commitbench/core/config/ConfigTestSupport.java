package io.commitbench.core.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Parameter files as text, a binder over the test dialects, and the violations a bind reports. */
final class ConfigTestSupport {

  /** The paper's parameter file, exactly as published; the harness must accept it unchanged. */
  static final List<String> PAPER_FILE = List.of(
      "users=10",
      "sleep=100",
      "tablename=5",
      "tableinsertnumber=10",
      "tableselectnumber=10",
      "tableupdatenumber=10",
      "tabledeletenumber=10",
      "repeat=30");

  private ConfigTestSupport() {}

  /** Reads the lines the way a parameter file is read (java.util.Properties syntax). */
  static Properties properties(List<String> lines) {
    Properties properties = new Properties();
    try {
      properties.load(new StringReader(String.join("\n", lines)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties;
  }

  /** The paper's file with some lines added (a later line for the same key replaces the paper's). */
  static Properties paperWith(String... extraLines) {
    List<String> lines = new ArrayList<>(PAPER_FILE);
    lines.addAll(Arrays.asList(extraLines));
    return properties(lines);
  }

  /** The paper's file without the given keys. */
  static Properties paperWithout(String... keys) {
    Properties properties = properties(PAPER_FILE);
    for (String key : keys) {
      properties.remove(key);
    }
    return properties;
  }

  static ConfigBinder binder() {
    return binder(Map.of());
  }

  static ConfigBinder binder(Map<String, String> environment) {
    return new ConfigBinder(TestDialects.registry(), environment::get);
  }

  static BenchmarkConfig bind(Properties file) throws ConfigException {
    return binder().bind(file, Map.of());
  }

  /** The violations (as printed, one line each) of a bind that must fail. */
  static List<String> problems(ThrowingCallable bind) {
    List<String> lines = new ArrayList<>();
    assertThatThrownBy(bind)
        .isInstanceOf(ConfigException.class)
        .satisfies(e -> ((ConfigException) e).violations().forEach(v -> lines.add(v.toString())));
    return lines;
  }

  /** The exception of a bind that must fail. */
  static ConfigException failure(ThrowingCallable bind) {
    List<ConfigException> caught = new ArrayList<>();
    assertThatThrownBy(bind).isInstanceOf(ConfigException.class).satisfies(e -> caught.add((ConfigException) e));
    return caught.get(0);
  }
}
