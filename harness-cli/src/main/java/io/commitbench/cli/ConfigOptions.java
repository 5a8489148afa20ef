package io.commitbench.cli;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.config.ConfigException;
import io.commitbench.core.config.Overrides;
import io.commitbench.core.config.RunPlan;
import io.commitbench.core.dialect.DialectRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The parameter file and its {@code --set} overrides, shared by the commands that read one. */
final class ConfigOptions {

  @Parameters(index = "0", paramLabel = "FILE",
      description = "Parameter file (.properties) of key=value lines: the engine's keys (users, duration,"
          + " db.url, ...) and those of its workload (by default the paper's); every key: docs/keys.md.")
  Path file;

  @Option(names = "--set", paramLabel = "KEY=VALUE",
      description = "Overrides one key of the file; repeatable for different keys, each key once"
          + " (--set db.url=jdbc:postgresql://127.0.0.1/test --set repeat=3).")
  List<String> settings = new ArrayList<>();

  BenchmarkConfig bind(DialectRegistry dialects) throws ConfigException {
    ConfigBinder binder = new ConfigBinder(dialects, System::getenv);
    return binder.bind(file, overrides());
  }

  /** As {@link #bind}, with a sweep's configuration per value when sweep.key is set. */
  RunPlan bindPlan(DialectRegistry dialects) throws ConfigException {
    ConfigBinder binder = new ConfigBinder(dialects, System::getenv);
    return binder.bindPlan(file, overrides());
  }

  /** As {@link #bind}, for a command that runs no workload: the run's length may be left out. */
  BenchmarkConfig bindWithoutRunLength(DialectRegistry dialects) throws ConfigException {
    ConfigBinder binder = new ConfigBinder(dialects, System::getenv);
    return binder.bindWithoutRunLength(file, overrides());
  }

  /** The {@code --set} overrides by key; a key given twice is refused. */
  Map<String, String> overrides() throws ConfigException {
    return Overrides.parse(settings, "--set");
  }
}
