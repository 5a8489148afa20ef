package io.commitbench.core.config;

import java.nio.file.Path;
import java.util.Map;

/**
 * A validated parameter file: typed, immutable, every value within its allowed range. Built only
 * by {@link ConfigBinder}; the keys, defaults and ranges are documented in {@link ParameterKeys}.
 *
 * @param users number of actors ({@code users})
 * @param sleepMillis delay between actor starts ({@code sleep})
 * @param tables number of central tables ({@code tablename}, named so by the paper)
 * @param insertsPerTable inserts each actor runs on each table per cycle ({@code tableinsertnumber})
 * @param selectsPerTable ({@code tableselectnumber})
 * @param updatesPerTable ({@code tableupdatenumber})
 * @param deletesPerTable ({@code tabledeletenumber})
 * @param repeat number of cycles
 * @param dbType the dialect name, given or inferred from the URL
 * @param dbUrl the JDBC URL (the dialect's default for the embedded database)
 * @param dbUser the configured (central, schema owning) user
 * @param password the configured user's password
 * @param autocommit whether every statement commits by itself
 * @param commitInterval statements per explicit commit when autocommit is off
 * @param quotaMegabytes tablespace quota of each created user (Oracle)
 * @param usersMode how actors log in
 * @param cleanup whether tables and users are removed after the run
 * @param tablePrefix prefix of the central table names
 * @param userPrefix prefix of created user names
 * @param textLength declared and written length of the varchar attributes
 * @param statementTimeoutSeconds per-statement timeout
 * @param connectTimeoutSeconds timeout of one connection attempt
 * @param reconnectTimeoutSeconds how long an actor keeps trying to reconnect
 * @param reportIntervalSeconds length of a progress/interval row
 * @param resultsDirectory where {@code <run-id>/} folders are written
 * @param runId the run's folder name; empty for a generated one
 * @param effective every key with its effective value, passwords replaced by their origin
 */
public record BenchmarkConfig(
    int users,
    long sleepMillis,
    int tables,
    int insertsPerTable,
    int selectsPerTable,
    int updatesPerTable,
    int deletesPerTable,
    int repeat,
    String dbType,
    String dbUrl,
    String dbUser,
    Secret password,
    boolean autocommit,
    int commitInterval,
    int quotaMegabytes,
    UsersMode usersMode,
    boolean cleanup,
    String tablePrefix,
    String userPrefix,
    int textLength,
    int statementTimeoutSeconds,
    int connectTimeoutSeconds,
    int reconnectTimeoutSeconds,
    int reportIntervalSeconds,
    Path resultsDirectory,
    String runId,
    Map<String, String> effective) {

  public BenchmarkConfig {
    // Sorted, so printed configurations and summary.json list keys in a stable order.
    effective = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(effective));
  }

  /** Operations of one kind that a complete run issues: users × tables × per-table count × repeat. */
  public long plannedOperations(int perTable) {
    return (long) users * tables * perTable * repeat;
  }
}
