package io.commitbench.cli;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.config.ConfigException;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.namespace.NamesRefusedException;
import io.commitbench.core.namespace.Owner;
import io.commitbench.core.run.DataSetPreparation;
import io.commitbench.core.run.DialectUnavailableException;
import io.commitbench.core.run.RunAssembly;
import io.commitbench.core.workload.SchemaTable;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code commitbench prepare FILE}: loads a workload's data set once, for many runs with {@code load=reuse}. */
@Command(
    name = "prepare",
    mixinStandardHelpOptions = true,
    description = {
      "Creates and loads a workload's tables once, for the runs that reuse them.",
      "",
      "Creates the tables of the parameter file's workload at its table.prefix (which must be",
      "set) and loads them, on load.threads connections through the database's fastest path",
      "(PostgreSQL COPY, MariaDB LOAD DATA LOCAL INFILE, batched INSERTs elsewhere), secondary",
      "indexes after the rows; prints progress with rows/s and an ETA. The tables are kept: runs",
      "with --set load=reuse work on them, as sysbench's run works on what its prepare loaded.",
      "'commitbench cleanup FILE --prefix P --apply' drops them (they carry commitbench's mark,",
      "which names their owner: another owner's cleanup keeps them).",
      "Refused (exit 2) when a table it would create exists already."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the data set is loaded and kept", "1:loading failed; what it had created was dropped",
      "2:bad input, table.prefix not set, or a table it would create is taken; nothing was created",
      "3:the data set is loaded and kept, but the workload's check of its data found a problem (named)",
      "130:interrupted by Ctrl-C (SIGINT); the load stopped within seconds, what it had created was dropped",
      "143:stopped by SIGTERM (kill); the same"},
    footer = {"", "Documentation: docs/workloads/oltp.md, docs/keys.md"})
final class PrepareCommand implements Callable<Integer> {

  /** The cleanup of a data set names its owner unless the caller's default is it. */
  private static String ownerOption(BenchmarkConfig config) {
    return config.owner().equals(Owner.ofThisProcess()) ? "" : " --owner " + config.owner();
  }

  /** Beyond a statement and a connect attempt: the drops of what the preparation created. */
  private static final Duration GRACE = Duration.ofSeconds(30);

  @Mixin ConfigOptions options;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    DialectRegistry dialects = DialectRegistry.load();
    BenchmarkConfig config;
    try {
      config = options.bindWithoutRunLength(dialects);
      if (!ConfigBinder.readFile(options.file).containsKey(ParameterKeys.TABLE_PREFIX)
          && !options.overrides().containsKey(ParameterKeys.TABLE_PREFIX)) {
        err.println("error: " + ParameterKeys.TABLE_PREFIX + ": not set; a prepared data set is found again by its"
            + " names, so prepare needs them fixed; allowed: a lower-case identifier such as table.prefix=sbtest"
            + " (sysbench's own table names sbtest1..N)");
        return ExitCodes.BAD_INPUT;
      }
    } catch (ConfigException e) {
      return ConfigErrors.report(e, err);
    }
    Dialect dialect;
    try {
      dialect = RunAssembly.standard(dialects).dialectOf(config);
    } catch (DialectUnavailableException e) {
      err.println("error: " + e.getMessage());
      return ExitCodes.RUN_FAILED;
    }
    DataSetPreparation preparation = new DataSetPreparation(config, dialect, line -> {
      out.println(line);
      out.flush();
    });
    // On a signal the preparation stops and drops what it made; the hook waits for that.
    Duration wait = Duration.ofSeconds(config.statementTimeoutSeconds() + config.connectTimeoutSeconds()).plus(GRACE);
    SignalStop signal = SignalStop.install("commitbench-shutdown",
        () -> preparation.requestStop("interrupted by a signal (Ctrl-C or kill)"), wait, () -> {
          err.println("error: prepare did not end within " + wait.toSeconds() + " s of the signal; its tables are"
              + " marked load=incomplete: load=reuse refuses them, and commitbench cleanup " + options.file
              + " --prefix " + config.tablePrefix() + ownerOption(config) + " --apply drops them");
          err.flush();
        });
    try {
      List<SchemaTable> tables = preparation.execute();
      out.println("prepared: " + tables.size() + " table(s) " + tables.get(0).spec().name() + (tables.size() > 1
          ? " .. " + tables.get(tables.size() - 1).spec().name() : "") + ", kept. Run on them with: commitbench run "
          + options.file + " --set load=reuse (and the same --set options); drop them with: commitbench cleanup "
          + options.file + " --prefix " + config.tablePrefix() + ownerOption(config) + " --apply");
      if (!preparation.findings().isEmpty()) {
        preparation.findings().forEach(finding -> out.println("warning: after the load: " + finding));
        err.println("prepare completed, but the check of its data failed: exit code " + ExitCodes.COMPLETED_NOT_CLEAN);
        return ExitCodes.COMPLETED_NOT_CLEAN;
      }
      return ExitCodes.OK;
    } catch (NamesRefusedException e) {
      err.println("error: refused: " + e.getMessage());
      return ExitCodes.BAD_INPUT;
    } catch (java.sql.SQLException e) {
      err.println("error: prepare failed: " + e.getMessage());
      return ExitCodes.RUN_FAILED;
    } catch (InterruptedException e) {
      err.println("error: prepare interrupted: " + e.getMessage());
      return ExitCodes.RUN_FAILED;
    } finally {
      out.flush();
      err.flush();
      signal.close();
    }
  }
}
