package io.commitbench.core.config;

import io.commitbench.core.key.ErrorBudget;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.key.UsersMode;
import io.commitbench.core.workload.WorkloadSettings;
import java.nio.file.Path;
import java.util.Map;

/**
 * A validated parameter file: typed, immutable, every value within its allowed range. Built only
 * by {@link ConfigBinder}; the engine's keys, defaults and ranges are documented in {@link
 * ParameterKeys}, each workload's in its {@code keys()}.
 *
 * @param workload the workload's name ({@code workload})
 * @param users number of actors ({@code users})
 * @param sleepMillis delay between actor starts ({@code sleep})
 * @param runControl duration or count, warm-up, rate, think time, retries
 * @param dbType the dialect name, given or inferred from the URL
 * @param dbUrl the JDBC URL (the dialect's default for the embedded database)
 * @param dbUser the configured (central, schema owning) user
 * @param password the configured user's password
 * @param quotaMegabytes tablespace quota of each created user (Oracle)
 * @param usersMode how actors log in
 * @param cleanup whether tables and users are removed after the run
 * @param tablePrefix prefix of the created table names
 * @param userPrefix prefix of created user names
 * @param tablePrefixDerived whether the table prefix was derived from the run id (not set), so
 *     the run's table names are its own; else the user fixed it
 * @param userPrefixDerived the same for the user prefix
 * @param statementTimeoutSeconds per-statement timeout
 * @param connectTimeoutSeconds timeout of one connection attempt
 * @param reconnectTimeoutSeconds how long an actor keeps trying to reconnect
 * @param reportIntervalSeconds length of a progress/interval row
 * @param errorBudget {@code errors.max}: failed statements that stop and fail the run
 * @param resultsDirectory where {@code <run-id>/} folders are written
 * @param runId the run's folder name
 * @param settings every key's typed value, for the workload (its own keys and the engine's)
 * @param effective every key with its effective value, passwords replaced by their origin
 */
public record BenchmarkConfig(
    String workload,
    int users,
    long sleepMillis,
    RunControl runControl,
    String dbType,
    String dbUrl,
    String dbUser,
    Secret password,
    int quotaMegabytes,
    UsersMode usersMode,
    boolean cleanup,
    String tablePrefix,
    String userPrefix,
    boolean tablePrefixDerived,
    boolean userPrefixDerived,
    int statementTimeoutSeconds,
    int connectTimeoutSeconds,
    int reconnectTimeoutSeconds,
    int reportIntervalSeconds,
    ErrorBudget errorBudget,
    Path resultsDirectory,
    String runId,
    WorkloadSettings settings,
    Map<String, String> effective) {

  /**
   * This configuration for one run of a group ({@code runs=N}): its folder is {@code runId} in
   * {@code directory}; everything else, the names of the tables and users included, stays.
   */
  public BenchmarkConfig inFolder(Path directory, String runId) {
    Map<String, String> moved = new java.util.TreeMap<>(effective);
    moved.put(ParameterKeys.RESULTS_DIR, directory.toString());
    moved.put(ParameterKeys.RUN_ID, runId);
    return new BenchmarkConfig(workload, users, sleepMillis, runControl, dbType, dbUrl, dbUser, password,
        quotaMegabytes, usersMode, cleanup, tablePrefix, userPrefix, tablePrefixDerived, userPrefixDerived, statementTimeoutSeconds,
        connectTimeoutSeconds, reconnectTimeoutSeconds, reportIntervalSeconds, errorBudget, directory, runId, settings,
        moved);
  }

  /**
   * Whose the run's objects are ({@code owner}, by default {@code <os user>@<host>}): their mark
   * names it, and {@code cleanup} drops only its own.
   */
  public String owner() {
    return effective.get(ParameterKeys.OWNER);
  }

  /** Whether both prefixes were derived (neither was set): every name the run creates is its own. */
  public boolean namesDerived() {
    return tablePrefixDerived && userPrefixDerived;
  }

  public BenchmarkConfig {
    // Sorted, so printed configurations and summary.json list keys in a stable order.
    effective = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(effective));
  }
}
