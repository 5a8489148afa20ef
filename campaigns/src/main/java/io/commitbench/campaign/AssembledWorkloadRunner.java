package io.commitbench.campaign;

import io.commitbench.core.companion.CompanionRefusedException;
import io.commitbench.core.run.DialectUnavailableException;
import io.commitbench.core.run.RunAssembly;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.config.ConfigException;
import io.commitbench.core.config.RunPlan;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.key.Violation;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.group.RunGroup;
import io.commitbench.core.namespace.NamesRefusedException;
import io.commitbench.core.run.DataSetPreparation;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs a campaign cell's workload as {@code commitbench run} would (a group of runs with {@code
 * runs=N}, each put together by {@link RunAssembly}), and prepares a data set as {@code commitbench
 * prepare} would, with the dialects and companions on the class path. Each run's console output
 * goes to {@code RUN-ID.console.txt} beside its results folder, so the campaign's own console stays
 * one line per cell.
 */
public final class AssembledWorkloadRunner implements WorkloadRunner {

  private final DialectRegistry dialects = DialectRegistry.load();
  private volatile RunGroup current;
  private volatile String stopReason;

  @Override
  public void check(Path parameterFile, Map<String, String> overrides) {
    try {
      bind(parameterFile, overrides);
    } catch (ConfigException e) {
      throw new IllegalArgumentException(parameterFile + ": " + e.getMessage(), e);
    }
  }

  @Override
  public WorkloadOutcome run(Path parameterFile, Map<String, String> overrides) throws IOException {
    BenchmarkConfig config = bound(parameterFile, overrides);
    try (PrintWriter console = consoleFor(overrides)) {
      RunAssembly assembly = RunAssembly.standard(dialects);
      RunGroup group = new RunGroup(config, c -> assembly.assemble(c, console), console);
      current = group;
      if (stopReason != null) {
        group.requestStop(stopReason);
      }
      List<RunGroup.Member> members = group.execute();
      List<String> failures = new ArrayList<>();
      for (RunGroup.Member member : members) {
        if (member.refusal() != null) {
          failures.add("refused: " + member.refusal().getMessage());
        } else if (member.result().outcome() != RunOutcome.COMPLETED) {
          failures.add(member.directory().getFileName() + " " + member.result().outcome().label() + ": "
              + member.result().failure());
        }
      }
      int asked = config.settings().integer(ParameterKeys.RUNS);
      if (members.size() < asked && failures.isEmpty()) {
        failures.add("only " + members.size() + " of " + asked + " runs were made");
      }
      List<Path> runDirs = members.stream().map(RunGroup.Member::directory).filter(d -> d != null).toList();
      return new WorkloadOutcome(failures.isEmpty(), group.directory(), runDirs, String.join("; ", failures));
    } catch (DialectUnavailableException | CompanionRefusedException e) {
      throw new IOException(parameterFile + ": " + e.getMessage(), e);
    } catch (IOException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(parameterFile + ": the run could not be made: " + e.getMessage(), e);
    } finally {
      current = null;
    }
  }

  @Override
  public void prepare(Path parameterFile, Map<String, String> overrides) throws IOException {
    BenchmarkConfig config = bound(parameterFile, overrides);
    try (PrintWriter console = consoleFor(overrides)) {
      Dialect dialect = RunAssembly.standard(dialects).dialectOf(config);
      new DataSetPreparation(config, dialect, console::println).execute();
    } catch (DialectUnavailableException | NamesRefusedException | SQLException e) {
      throw new IOException("prepare " + parameterFile.getFileName() + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("prepare " + parameterFile.getFileName() + " was interrupted", e);
    }
  }

  private BenchmarkConfig bound(Path parameterFile, Map<String, String> overrides) throws IOException {
    try {
      return bind(parameterFile, overrides);
    } catch (ConfigException e) {
      throw new IOException(parameterFile + ": " + e.getMessage(), e);
    }
  }

  /** {@code RUN-ID.console.txt} beside the run's results folder. */
  private static PrintWriter consoleFor(Map<String, String> overrides) throws IOException {
    Path resultsDir = Path.of(overrides.getOrDefault("results.dir", "results"));
    Files.createDirectories(resultsDir);
    Path consoleFile = resultsDir.resolve(overrides.getOrDefault("run.id", "run") + ".console.txt");
    return new PrintWriter(Files.newBufferedWriter(consoleFile, StandardCharsets.UTF_8), true);
  }

  /** The cell's configuration; a sweep is refused: a cell is one measurement, its figures one point of the campaign. */
  private BenchmarkConfig bind(Path parameterFile, Map<String, String> overrides) throws ConfigException {
    RunPlan plan = new ConfigBinder(dialects, System::getenv).bindPlan(parameterFile, overrides);
    if (plan.sweep().isPresent()) {
      throw new ConfigException(List.of(new Violation(ParameterKeys.SWEEP_KEY, plan.sweep().get().key(), "a campaign"
          + " cell is one measurement; allowed: no sweep in a campaign's parameter file (run the sweep with 'commitbench"
          + " run')")));
    }
    return plan.config();
  }

  @Override
  public void requestStop(String reason) {
    stopReason = reason;
    RunGroup group = current;
    if (group != null) {
      group.requestStop(reason);
    }
  }
}
