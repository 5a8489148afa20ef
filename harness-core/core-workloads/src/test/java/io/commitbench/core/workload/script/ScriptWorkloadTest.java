package io.commitbench.core.workload.script;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.key.Key;
import io.commitbench.core.key.Violation;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.WorkloadSettings;
import io.commitbench.core.workload.script.expr.ScriptRandom;
import io.commitbench.core.workload.script.expr.Value;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The script workload's keys, checks before a run, tables, connections mode and figures, without a database. */
class ScriptWorkloadTest {

  /** The shipped example, from this module's folder. */
  private static final Path CONFIG = Path.of("../../config");

  @TempDir Path dir;

  private static Dialect defaults() {
    return (Dialect) Proxy.newProxyInstance(Dialect.class.getClassLoader(), new Class<?>[] {Dialect.class},
        (proxy, method, args) -> {
          if (method.isDefault()) {
            return java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args);
          }
          throw new UnsupportedOperationException(method.getName());
        });
  }

  private static WorkloadSettings settings(Path folder, String... keyValues) {
    Map<String, Object> values = new HashMap<>();
    for (Key key : ScriptKeys.all()) {
      key.defaultValue().ifPresent(d -> values.put(key.name(), key.parse(d).value()));
    }
    for (int i = 0; i < keyValues.length; i += 2) {
      String name = keyValues[i];
      String value = keyValues[i + 1];
      // The workload's keys typed as the binder types them; an engine key (table.prefix) as text.
      values.put(name, ScriptKeys.all().stream().filter(k -> k.name().equals(name)).findFirst()
          .map(k -> k.parse(value).value()).orElse(value));
    }
    return new WorkloadSettings(values, folder);
  }

  private static List<Violation> check(WorkloadSettings settings, String... given) {
    List<Violation> problems = new ArrayList<>();
    new ScriptWorkload().check(settings, Set.of(given), problems::add);
    return problems;
  }

  @Test
  void theKeysArePgbenchsOptionsWithItsDefaults() {
    assertThat(new ScriptWorkload().keys()).extracting(Key::name).containsExactly("script.files", "script.scale",
        "script.vars", "script.seed", "script.dataset", "script.table.branches", "script.table.tellers",
        "script.table.accounts", "script.table.history", "script.prepare", "script.prepare.tables", "load",
        "load.threads");
    assertThat(new ScriptWorkload().keys()).allSatisfy(k -> assertThat(k.doc()).isNotBlank());
    assertThat(check(settings(dir))).as("tpcb-like at scale 1").isEmpty();
  }

  @Test
  void everyScriptProblemIsAViolationOfScriptFilesThatStartsWithItsPosition() throws Exception {
    Files.writeString(dir.resolve("bad.sql"), "SELECT 1;\n\\shell echo hello\n");
    Files.writeString(dir.resolve("undefined.sql"), "SELECT :nowhere;\n");
    List<Violation> problems = check(settings(dir, "script.files", "bad.sql,undefined.sql,gone.sql,tpcb-like",
        "script.dataset", "none", "script.vars", "1x=2"));
    assertThat(problems).extracting(Violation::key).containsExactlyInAnyOrder("script.vars", "script.files",
        "script.files", "script.files", "script.files");
    assertThat(problems).extracting(Violation::message).anySatisfy(m -> assertThat(m).startsWith("bad.sql:2:"))
        .anySatisfy(m -> assertThat(m).startsWith("undefined.sql:1:").contains("nowhere"))
        .anySatisfy(m -> assertThat(m).startsWith("gone.sql: no such file"))
        .anySatisfy(m -> assertThat(m).contains("built-in tpcb-like runs on pgbench's tables"));
  }

  @Test
  void scriptFilesAreReadFromTheParameterFilesFolderAndVarsAreDefinedForThem() throws Exception {
    Files.createDirectories(dir.resolve("scripts"));
    Files.writeString(dir.resolve("scripts/mine.sql"), "SELECT :region, :warehouses;\n");
    assertThat(check(settings(dir, "script.files", "scripts/mine.sql@3",
        "script.vars", "region=eu,warehouses=10"))).isEmpty();
    assertThat(check(settings(dir.resolve("scripts"), "script.files", "scripts/mine.sql@3",
        "script.vars", "region=eu,warehouses=10"))).extracting(Violation::message)
        .singleElement().asString().startsWith("scripts/mine.sql: no such file");
  }

  @Test
  void varsThatReadAsNumbersAreNumbers() {
    assertThat(ScriptCatalog.typed("42")).isEqualTo(Value.ofInt(42));
    assertThat(ScriptCatalog.typed("-1.5e3")).isEqualTo(Value.ofDouble(-1500));
    assertThat(ScriptCatalog.typed("eu")).isEqualTo(Value.ofText("eu"));
    assertThat(ScriptCatalog.typed("12345678901234567890").kind()).as("beyond a long").isEqualTo(Value.Kind.DOUBLE);
  }

  @Test
  void thePrepareFileGivesEachListedTableItsCreateStatementsAndFillsThemAfter() throws Exception {
    String text = Files.readString(CONFIG.resolve("script-checkout-prepare.sql"));
    Set<String> tables = new LinkedHashSet<>(List.of("checkout_products", "checkout_orders",
        "checkout_order_lines", "checkout_digits"));
    List<String> problems = new ArrayList<>();
    PrepareFile file = PrepareFile.split(text, tables, problems::add);
    assertThat(problems).isEmpty();
    assertThat(file.creates().keySet()).containsExactly("checkout_products", "checkout_orders",
        "checkout_order_lines", "checkout_digits");
    assertThat(file.creates().get("checkout_order_lines")).hasSize(2)
        .last().asString().startsWith("CREATE INDEX checkout_lines_product");
    assertThat(file.fill()).hasSize(2).allSatisfy(s -> assertThat(s).startsWith("INSERT INTO"));
  }

  @Test
  void aPrepareFileThatWouldTouchWhatTheRunDidNotCreateIsRefused() {
    List<String> problems = new ArrayList<>();
    PrepareFile.split("""
        CREATE TABLE mine (id INTEGER);
        CREATE TABLE IF NOT EXISTS listed (id INTEGER);
        CREATE TABLE other (id INTEGER);
        DROP TABLE someone_elses;
        CREATE INDEX ix ON pgbench_accounts (bid);
        INSERT INTO mine VALUES (1); -- a comment with a ; inside 'quotes;'
        """, Set.of("mine", "listed", "absent"), problems::add);
    assertThat(problems).hasSize(5)
        .anySatisfy(p -> assertThat(p).startsWith("statement 2 ").contains("IF NOT EXISTS"))
        .anySatisfy(p -> assertThat(p).startsWith("statement 3 ").contains("does not list"))
        .anySatisfy(p -> assertThat(p).startsWith("statement 4 ").contains("no DROP"))
        .anySatisfy(p -> assertThat(p).startsWith("statement 5 ").contains("an index on pgbench_accounts"))
        .anySatisfy(p -> assertThat(p).contains("lists absent, but the file has no CREATE TABLE absent"));
  }

  @Test
  void sqlFilesSplitAtSemicolonsOutsideQuotesAndComments() {
    assertThat(SqlFile.statements("INSERT INTO t VALUES ('a;b', \"c;\"); -- x;y\n/* ; */ SELECT 1;\n-- end\n"))
        .containsExactly("INSERT INTO t VALUES ('a;b', \"c;\")", "-- x;y\n/* ; */ SELECT 1");
  }

  @Test
  void aReusedDataSetMustBeFoundByTablePrefix() {
    List<Violation> problems = check(settings(dir, "load", "reuse", "table.prefix", "cb_"), "load", "table.prefix");
    assertThat(problems).singleElement().satisfies(v -> {
      assertThat(v.key()).isEqualTo("load");
      assertThat(v.message()).contains("pgbench_branches, pgbench_tellers, pgbench_accounts, pgbench_history");
    });
    assertThat(check(settings(dir, "load", "reuse", "table.prefix", "pgbench_"), "load", "table.prefix")).isEmpty();
  }

  @Test
  void connectionsRunWithoutAutocommitOnlyWhenEveryStatementIsInsideABlock() {
    WorkloadSettings tpcb = settings(dir);
    assertThat(new ScriptWorkload().bind(tpcb).autocommit()).as("tpcb-like: BEGIN..END").isFalse();
    assertThat(new ScriptWorkload().bind(settings(dir, "script.files", "select-only")).autocommit()).isTrue();
    assertThat(new ScriptWorkload().bind(settings(dir, "script.files", "tpcb-like@9,select-only")).autocommit())
        .isTrue();
    assertThat(new ScriptWorkload().bind(tpcb).serverPreparedStatements()).isTrue();
  }

  @Test
  void theTablesArePgbenchsThenThoseOfThePrepareFile() throws Exception {
    Files.writeString(dir.resolve("mine.sql"), "SELECT 1;\n");
    Files.writeString(dir.resolve("prep.sql"), "CREATE TABLE mine (id INTEGER);\nINSERT INTO mine VALUES (1);\n");
    var bound = new ScriptWorkload().bind(settings(dir, "script.files", "mine.sql", "script.prepare", "prep.sql",
        "script.prepare.tables", "mine", "script.table.history", "hist"));
    List<SchemaTable> tables = bound.tables(new SchemaNaming(defaults(), "s", "cb_"));
    assertThat(tables).extracting(t -> t.spec().name()).containsExactly("pgbench_branches", "pgbench_tellers",
        "pgbench_accounts", "hist", "mine");
    assertThat(tables.get(4).create()).containsExactly("CREATE TABLE mine (id INTEGER)");
    assertThat(tables.get(4).spec().qualifiedName()).isEqualTo("s.mine");
    assertThat(bound.transactionTypes()).containsExactly("mine");
  }

  @Test
  void eachActorStartsWithPgbenchsVariablesAndTheVars() throws Exception {
    Files.writeString(dir.resolve("vars.sql"), "\\set seen :scale + :client_id\nSELECT :default_seed, :random_seed;\n");
    BoundScriptWorkload bound = (BoundScriptWorkload) new ScriptWorkload().bind(settings(dir, "script.files",
        "vars.sql", "script.seed", "5", "script.vars", "scale=7,client_id=99,extra=x"));
    ScriptActorWork actor = (ScriptActorWork) bound.newActor(3, List.of(), defaults());
    ScriptVariables variables = actor.variables();
    assertThat(variables.variable("scale")).as("script.vars replaces it, as -D does").isEqualTo(Value.ofInt(7));
    assertThat(variables.variable("client_id")).as("always the actor's").isEqualTo(Value.ofInt(3));
    assertThat(variables.variable("random_seed")).isEqualTo(Value.ofInt(5));
    assertThat(variables.variable("default_seed")).as("the first draw of pg_prng seeded with the seed")
        .isEqualTo(Value.ofInt(new ScriptRandom(5).nextLong()));
    assertThat(variables.variable("extra")).isEqualTo(Value.ofText("x"));
    assertThat(bound.seed()).isEqualTo(5);
  }

  @Test
  void statementsCsvQuotesItsText() {
    String csv = ScriptReport.csv(List.of(new StatementFigure("a", 3, "SELECT \"x\", 'y' FROM t", 2, 1.5, 1, 2)));
    assertThat(csv).isEqualTo("script,line,count,mean_ms,p50_ms,p99_ms,command\n"
        + "\"a\",3,2,1.500000,1.000000,2.000000,\"SELECT \"\"x\"\", 'y' FROM t\"\n");
  }
}
