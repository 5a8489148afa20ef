package io.commitbench.driver.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.dialect.DbObject;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.namespace.LeftoverDrops;
import io.commitbench.core.namespace.LeftoverFinder;
import io.commitbench.core.namespace.Owner;
import io.commitbench.core.namespace.OwnershipMark;
import io.commitbench.core.namespace.RunLeftovers;
import io.commitbench.core.run.BenchmarkRun;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's names on embedded H2, end to end: a run marks the tables and users it creates, a run
 * whose fixed names are taken is refused before it creates or drops anything, and the leftovers
 * of a run are found by their mark and dropped, while an unmarked table is left alone.
 */
class RunNamesOnH2Test {

  private static final Map<String, String> COMMIT_RUN = Map.of("workload", "commit", "users", "2",
      "transactions", "20");

  @TempDir Path dir;

  private final H2Dialect h2 = new H2Dialect();

  private String url() {
    return "jdbc:h2:file:" + dir.resolve("db").toAbsolutePath();
  }

  private BenchmarkRun run(String runId, Map<String, String> keys) throws Exception {
    return run(runId, keys, new PrintWriter(OutputStream.nullOutputStream()));
  }

  private BenchmarkRun run(String runId, Map<String, String> keys, PrintWriter console) throws Exception {
    java.util.Properties file = new java.util.Properties();
    file.putAll(COMMIT_RUN);
    Map<String, String> overrides = new HashMap<>(Map.of("db.url", url(), "results.dir",
        dir.resolve("results").toString(), "run.id", runId));
    overrides.putAll(keys);
    BenchmarkConfig config = new ConfigBinder(DialectRegistry.load(), name -> null).bind(file, overrides);
    BenchmarkRun run = new BenchmarkRun(config, h2, "test", console);
    run.execute();
    return run;
  }

  @Test
  void aTakenTableRefusesTheRunAndKeepsTheTableAndItsRow() throws Exception {
    try (Connection admin = DriverManager.getConnection(url(), "sa", "")) {
      execute(admin, "CREATE TABLE mine_commit (id BIGINT)");
      execute(admin, "INSERT INTO mine_commit VALUES (42)");

      StringWriter console = new StringWriter();
      BenchmarkRun run = run("taken", Map.of("table.prefix", "mine_", "user.prefix", "mine_u", "users.mode",
          "db-users"), new PrintWriter(console, true));

      assertThat(run.refusal()).as("the refusal").isNotNull();
      assertThat(run.refusal().getMessage())
          .contains("1 name this run would create is taken on the server; nothing was created or dropped")
          .contains("table mine_commit: not created by commitbench");
      assertThat(count(admin, "SELECT COUNT(*) FROM mine_commit WHERE id = 42")).as("the row").isEqualTo(1);
      assertThat(h2.users().usersStartingWith(admin, "mine_u")).as("users created").isEmpty();
      assertThat(console.toString()).as("a refused run prints no empty result tables")
          .doesNotContain("Latency of successful operations").doesNotContain("Database's view")
          .contains("results written to");
    }
  }

  @Test
  void aRunMarksWhatItCreatesAndItsLeftoversAreFoundAndDroppedButNotAnUnmarkedTable() throws Exception {
    BenchmarkRun kept = run("kept", Map.of("cleanup", "false", "users.mode", "db-users"));
    try (Connection admin = DriverManager.getConnection(url(), "sa", "")) {
      execute(admin, "CREATE TABLE cb_other (id BIGINT)");
      String qualifier = h2.centralQualifier(admin);
      List<DbObject> tables = h2.marks().tablesStartingWith(admin, qualifier, "cb_");
      assertThat(tables).as("the run's table and the unmarked one").hasSize(2);
      DbObject table = tables.stream().filter(t -> t.name().endsWith("commit")).findFirst().orElseThrow();
      OwnershipMark mark = OwnershipMark.parse(table.comment()).orElseThrow();
      assertThat(mark.runId()).isEqualTo("kept");
      assertThat(mark.owner()).as("the default owner").contains(Owner.ofThisProcess());
      assertThat(mark.osUser()).isEqualTo(OwnershipMark.localUser());
      assertThat(mark.host()).isEqualTo(OwnershipMark.localHost());
      assertThat(mark.pid()).isEqualTo(ProcessHandle.current().pid());
      assertThat(table.name()).isEqualTo(mark.tablePrefix() + "commit");
      assertThat(h2.users().usersStartingWith(admin, mark.userPrefix())).extracting(DbObject::comment)
          .containsExactly(table.comment(), table.comment());

      LeftoverFinder.Found found = new LeftoverFinder(h2, admin, qualifier).find(Optional.of("cb_"), Optional.empty());
      assertThat(found.unmarked()).containsExactly("table cb_other");
      assertThat(found.runs()).hasSize(1);
      RunLeftovers leftovers = found.runs().get(0);
      assertThat(leftovers.tables()).containsExactly(table.name());
      assertThat(leftovers.users()).containsExactly(mark.userPrefix() + "1", mark.userPrefix() + "2");
      assertThat(leftovers.live()).as("this JVM ran it, and still runs").isPresent();

      // Once this process no longer counts as the run's, the leftovers go; the unmarked table stays.
      RunLeftovers finished = new RunLeftovers(leftovers.mark(), leftovers.tables(), leftovers.users(),
          Optional.empty());
      LeftoverDrops drops = new LeftoverDrops(h2, qualifier);
      assertThat(drops.apply(admin, drops.of(finished))).as("failures").isEmpty();
      assertThat(h2.marks().tablesStartingWith(admin, qualifier, "cb_")).extracting(DbObject::name)
          .containsExactly("cb_other");
      assertThat(h2.users().usersStartingWith(admin, mark.userPrefix())).isEmpty();
    }
    assertThat(kept.refusal()).isNull();
  }

  @Test
  void aRunRefusedBySomeoneElsesKeptTablesNamesTheirOwnerAndHowToActForIt() throws Exception {
    Map<String, String> fixed = Map.of("table.prefix", "shared_", "users.mode", "shared");
    Map<String, String> alice = new HashMap<>(fixed);
    alice.putAll(Map.of("owner", "alice@lab1", "cleanup", "false"));
    assertThat(run("alices", alice).refusal()).isNull();

    Map<String, String> bob = new HashMap<>(fixed);
    bob.put("owner", "bob@lab2");
    BenchmarkRun refused = run("bobs", bob);

    assertThat(refused.refusal()).as("bob's run on alice's names").isNotNull();
    assertThat(refused.refusal().getMessage())
        .contains("table shared_commit: created by commitbench run alices (owner alice@lab1, host ")
        .contains("What commitbench run alices of owner alice@lab1 left")
        .contains("--run-id alices --owner alice@lab1");
    try (Connection admin = DriverManager.getConnection(url(), "sa", "")) {
      DbObject table = h2.marks().tablesStartingWith(admin, h2.centralQualifier(admin), "shared_").get(0);
      assertThat(OwnershipMark.parse(table.comment()).orElseThrow().owner()).as("the kept table's owner")
          .contains("alice@lab1");
    }
  }

  private static void execute(Connection c, String sql) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute(sql);
    }
  }

  private static long count(Connection c, String sql) throws SQLException {
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
