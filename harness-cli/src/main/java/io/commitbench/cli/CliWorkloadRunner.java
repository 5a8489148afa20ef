package io.commitbench.cli;

import io.commitbench.core.companion.CompanionRefusedException;
import io.commitbench.core.run.DialectUnavailableException;
import io.commitbench.core.run.RunAssembly;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.config.ConfigException;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.report.RunResult;
import io.commitbench.core.run.BenchmarkRun;
import io.commitbench.campaign.WorkloadRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Runs a campaign cell's workload as {@code commitbench run} would, with the drivers and
 * companions of this build. Each run's console output goes to {@code RUN-ID.console.txt} beside
 * its results folder, so the campaign's own console stays one line per cell.
 */
final class CliWorkloadRunner implements WorkloadRunner {

  private final DialectRegistry dialects = DialectRegistry.load();
  private volatile BenchmarkRun current;
  private volatile String stopReason;

  @Override
  public void check(Path parameterFile) {
    try {
      bind(parameterFile, Map.of());
    } catch (ConfigException e) {
      throw new IllegalArgumentException(parameterFile + ": " + e.getMessage(), e);
    }
  }

  @Override
  public WorkloadOutcome run(Path parameterFile, Map<String, String> overrides) throws IOException {
    BenchmarkConfig config;
    try {
      config = bind(parameterFile, overrides);
    } catch (ConfigException e) {
      throw new IOException(parameterFile + ": " + e.getMessage(), e);
    }
    Path resultsDir = Path.of(overrides.getOrDefault("results.dir", "results"));
    Files.createDirectories(resultsDir);
    Path consoleFile = resultsDir.resolve(overrides.getOrDefault("run.id", "run") + ".console.txt");
    try (PrintWriter console = new PrintWriter(Files.newBufferedWriter(consoleFile, StandardCharsets.UTF_8), true)) {
      BenchmarkRun run = RunAssembly.standard(dialects).assemble(config, console);
      current = run;
      if (stopReason != null) {
        run.requestStop(stopReason);
      }
      RunResult result = run.execute();
      return new WorkloadOutcome(result.outcome() == RunOutcome.COMPLETED, result.totals().transactionsPerSecond(),
          run.resultDirectory(), result.failure());
    } catch (DialectUnavailableException | CompanionRefusedException e) {
      throw new IOException(parameterFile + ": " + e.getMessage(), e);
    } finally {
      current = null;
    }
  }

  private BenchmarkConfig bind(Path parameterFile, Map<String, String> overrides) throws ConfigException {
    return new ConfigBinder(dialects, System::getenv).bind(ConfigBinder.readFile(parameterFile), overrides);
  }

  @Override
  public void requestStop(String reason) {
    stopReason = reason;
    BenchmarkRun run = current;
    if (run != null) {
      run.requestStop(reason);
    }
  }
}
