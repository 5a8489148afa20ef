package io.commitbench.it.support;

import static io.commitbench.it.support.ResultAssertions.assertCompleted;
import static io.commitbench.it.support.ResultAssertions.assertExactCounts;
import static io.commitbench.it.support.ResultAssertions.assertPaperBlock;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * One run of the paper's workload against a target, checked end to end: exact counts and no
 * error in summary.json, the paper block in report.txt, and the database as it was before (a
 * sentinel table of the test's own unchanged; the run's tables and users dropped with
 * cleanup=true, kept and empty with cleanup=false). Whatever the run leaves is removed afterwards.
 *
 * <pre>
 * PaperRun.of(target, tmp, file, workload).set("users.mode", "shared").expectUsersMode("shared").check();
 * </pre>
 */
public final class PaperRun {

  private final DatabaseTarget target;
  private final Path tmp;
  private final Path file;
  private final Workload workload;
  private final Map<String, String> overrides = new LinkedHashMap<>();
  private String usersMode = "db-users";

  private PaperRun(DatabaseTarget target, Path tmp, Path file, Workload workload) {
    this.target = target;
    this.tmp = tmp;
    this.file = file;
    this.workload = workload;
  }

  /**
   * @param file the parameter file; it (with the overrides) must describe {@code workload}
   */
  public static PaperRun of(DatabaseTarget target, Path tmp, Path file, Workload workload) {
    return new PaperRun(target, tmp, file, workload);
  }

  /** A {@code --set} override. */
  public PaperRun set(String key, String value) {
    overrides.put(key, value);
    return this;
  }

  /** What summary.json's usersMode must say (default db-users). */
  public PaperRun expectUsersMode(String mode) {
    this.usersMode = mode;
    return this;
  }

  /** Runs and checks; returns summary.json. */
  public JsonNode check() throws Exception {
    boolean autocommit = Boolean.parseBoolean(overrides.getOrDefault("autocommit", "true"));
    int commitInterval = Integer.parseInt(overrides.getOrDefault("commit.interval", "1"));
    boolean cleanup = Boolean.parseBoolean(overrides.getOrDefault("cleanup", "true"));
    TestNames names = TestNames.unique();
    Map<String, String> all = new LinkedHashMap<>(target.settings(tmp.resolve("secrets")));
    all.put("table.prefix", names.tablePrefix());
    all.put("user.prefix", names.userPrefix());
    all.putAll(overrides);
    try (Connection admin = target.connect()) {
      Catalog catalog = new Catalog(target.kind(), admin);
      try {
        Sentinel sentinel = Sentinel.create(target.kind(), admin, names.sentinel());
        String before = sentinel.fingerprint();

        RunOutput run = Commitbench.run(file, tmp.resolve("results"), "paper", all);

        JsonNode summary = assertCompleted(run);
        assertThat(summary.path("usersMode").asText()).as("usersMode").isEqualTo(usersMode);
        assertThat(summary.path("config").path("db.type").asText()).isEqualTo(target.kind().dbType());
        assertThat(summary.path("config").path("autocommit").asText()).isEqualTo(String.valueOf(autocommit));
        assertExactCounts(summary, workload, autocommit, commitInterval);
        assertPaperBlock(run.report());
        assertLeftBehind(catalog, names, cleanup);
        assertThat(sentinel.fingerprint()).as("the sentinel table %s after the run", sentinel.table())
            .isEqualTo(before);
        return summary;
      } finally {
        catalog.dropEverything(names);
      }
    }
  }

  /** cleanup=true: none of the run's tables and users; cleanup=false: all of them, with no rows. */
  private void assertLeftBehind(Catalog catalog, TestNames names, boolean cleanup) throws SQLException {
    List<String> tables = catalog.tablesStartingWith(names.tablePrefix());
    List<String> users = catalog.usersStartingWith(names.userPrefix());
    if (cleanup) {
      assertThat(tables).as("tables left with cleanup=true").isEmpty();
      assertThat(users).as("users left with cleanup=true").isEmpty();
      return;
    }
    assertThat(tables).as("tables kept with cleanup=false")
        .containsExactlyInAnyOrderElementsOf(numbered(names.tablePrefix(), workload.tables()));
    for (String table : tables) {
      assertThat(catalog.rowCount(table)).as("rows left in %s: every cycle deletes what it inserted", table).isZero();
    }
    assertThat(users).as("users kept with cleanup=false in users.mode=%s", usersMode)
        .containsExactlyInAnyOrderElementsOf(
            usersMode.equals("db-users") ? numbered(names.userPrefix(), workload.users()) : List.of());
  }

  private static List<String> numbered(String prefix, int n) {
    return IntStream.rangeClosed(1, n).mapToObj(i -> prefix + i).toList();
  }
}
