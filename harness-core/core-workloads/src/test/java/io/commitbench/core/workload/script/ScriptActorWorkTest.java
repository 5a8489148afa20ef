package io.commitbench.core.workload.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.workload.script.expr.ScriptRandom;
import io.commitbench.core.workload.script.expr.Value;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The script runner on a real (H2) database: binding, rows into variables, blocks, branches, sleeps, weights. */
class ScriptActorWorkTest {

  private static final long MS = 1_000_000L;

  @TempDir Path tmp;
  private Connection connection;
  private Connection other;
  private final List<String> debug = new ArrayList<>();
  private ScriptVariables variables;
  private StatementLatencies latencies;

  @BeforeEach
  void database() throws SQLException {
    String url = "jdbc:h2:" + tmp.resolve("db");
    connection = DriverManager.getConnection(url, "sa", "");
    other = DriverManager.getConnection(url, "sa", "");
    try (Statement ddl = connection.createStatement()) {
      ddl.execute("CREATE TABLE t (i BIGINT, d DOUBLE PRECISION, b BOOLEAN, s VARCHAR(20), n VARCHAR(20))");
      ddl.execute("CREATE TABLE u (k BIGINT PRIMARY KEY)");
    }
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
    other.close();
  }

  private ScriptActorWork actor(boolean autocommit, ParsedScript... scripts) throws SQLException {
    Map<String, Value> initial = new HashMap<>();
    initial.put("scale", Value.ofInt(1));
    initial.put("client_id", Value.ofInt(0));
    initial.put("word", Value.ofText("hello"));
    variables = new ScriptVariables(initial, new ScriptRandom(7), debug::add);
    latencies = new StatementLatencies(StatementLatencies.callsOf(List.of(scripts)));
    connection.setAutoCommit(autocommit);
    ScriptActorWork work = new ScriptActorWork(List.of(scripts), variables, new ScriptRandom(11), autocommit,
        latencies);
    work.prepare(connection::prepareStatement);
    return work;
  }

  private long count(String where) throws SQLException {
    try (Statement query = other.createStatement();
        ResultSet rows = query.executeQuery("SELECT COUNT(*) FROM t WHERE " + where)) {
      rows.next();
      return rows.getLong(1);
    }
  }

  @Test
  void eachKindOfValueIsBoundAsItsOwnType() throws Exception {
    ScriptActorWork work = actor(true, Scripts.named("bind")
        .set("i", "7 * :scale").set("d", "1.5").set("b", "true").set("n", "null")
        .sql("INSERT INTO t (i, d, b, s, n) VALUES (:i, :d, :b, :word, :n)").build());
    work.execute(0, new H2Transaction(connection));
    try (Statement query = other.createStatement();
        ResultSet row = query.executeQuery("SELECT i, d, b, s, n FROM t")) {
      assertThat(row.next()).isTrue();
      assertThat(row.getLong(1)).isEqualTo(7);
      assertThat(row.getDouble(2)).isEqualTo(1.5);
      assertThat(row.getBoolean(3)).isTrue();
      assertThat(row.getString(4)).isEqualTo("hello");
      assertThat(row.getString(5)).isNull();
      assertThat(row.next()).isFalse();
    }
  }

  @Test
  void gsetStoresOneRowsColumnsLowerCasedWithTheirTypes() throws Exception {
    try (Statement insert = connection.createStatement()) {
      insert.execute("INSERT INTO t (i, d, s) VALUES (41, 2.5, 'x')");
    }
    ScriptActorWork work = actor(true, Scripts.named("gset")
        .gset("SELECT i + 1 AS NEXT_I, d, s, n FROM t", "p_")
        .sql("INSERT INTO t (i, d, s) VALUES (:p_next_i, :p_d, :p_s)").build());
    H2Transaction tx = new H2Transaction(connection);
    work.execute(0, tx);
    assertThat(variables.variable("p_next_i")).isEqualTo(Value.ofInt(42));
    assertThat(variables.variable("p_d")).isEqualTo(Value.ofDouble(2.5));
    assertThat(variables.variable("p_s")).isEqualTo(Value.ofText("x"));
    assertThat(variables.variable("p_n").kind()).isEqualTo(Value.Kind.NULL);
    assertThat(count("i = 42 AND d = 2.5 AND s = 'x'")).isEqualTo(1);
    assertThat(tx.kinds).containsExactly(OperationKind.SELECT, OperationKind.INSERT);
  }

  @Test
  void gsetRefusesAResultWithoutExactlyOneRowAndAsetTakesAny() throws Exception {
    try (Statement insert = connection.createStatement()) {
      insert.execute("INSERT INTO t (i) VALUES (1), (2)");
    }
    ScriptActorWork gset = actor(true, Scripts.named("two").gset("SELECT i FROM t ORDER BY i", null).build());
    assertThatThrownBy(() -> gset.execute(0, new H2Transaction(connection)))
        .isInstanceOf(ScriptRunException.class)
        .hasMessageStartingWith("two.sql:1:1: \\gset: expected one row, got 2");

    ScriptActorWork aset = actor(true, Scripts.named("every")
        .aset("SELECT i FROM t ORDER BY i", null)
        .aset("SELECT i AS none FROM t WHERE i < 0", null).build());
    aset.execute(0, new H2Transaction(connection));
    assertThat(variables.variable("i")).as("the last row's").isEqualTo(Value.ofInt(2));
    assertThat(variables.variable("none")).as("no row sets nothing").isNull();
  }

  @Test
  void aBlockOnAnAutocommitConnectionLeavesAutocommitAndReturnsToIt() throws Exception {
    ScriptActorWork work = actor(true, Scripts.named("block")
        .sql("INSERT INTO t (i) VALUES (0)")
        .begin().sql("INSERT INTO t (i) VALUES (1)").sql("INSERT INTO t (i) VALUES (2)").commit()
        .begin().sql("INSERT INTO t (i) VALUES (3)").rollback().build());
    H2Transaction tx = new H2Transaction(connection);
    work.execute(0, tx);
    assertThat(connection.getAutoCommit()).isTrue();
    assertThat(count("i IN (0, 1, 2)")).isEqualTo(3);
    assertThat(count("i = 3")).as("rolled back").isZero();
    assertThat(tx.kinds).containsExactly(OperationKind.INSERT, OperationKind.INSERT, OperationKind.INSERT,
        OperationKind.COMMIT, OperationKind.INSERT);
  }

  @Test
  void aFailureInsideABlockRollsItBackAndReturnsToAutocommit() throws Exception {
    ScriptActorWork work = actor(true, Scripts.named("fails")
        .begin().sql("INSERT INTO t (i) VALUES (1)").sql("INSERT INTO u (k) VALUES (1)").sql("INSERT INTO u (k) VALUES (1)")
        .commit().build());
    assertThatThrownBy(() -> work.execute(0, new H2Transaction(connection))).isInstanceOf(SQLException.class);
    assertThat(connection.getAutoCommit()).isTrue();
    assertThat(count("i = 1")).isZero();
  }

  @Test
  void onAConnectionWithoutAutocommitTheBlockIsItsTransactionAndNothingIsToggled() throws Exception {
    ScriptActorWork work = actor(false, Scripts.named("txn")
        .begin().sql("INSERT INTO t (i) VALUES (1)").commit().build());
    work.execute(0, new H2Transaction(connection) {
      @Override
      public Connection connection() {
        return new NoToggling(connection).proxy();
      }
    });
    assertThat(connection.getAutoCommit()).isFalse();
    assertThat(count("i = 1")).isEqualTo(1);
  }

  @Test
  void aScriptThatEndsInsideItsBlockFailsAtTheBegin() throws Exception {
    ScriptActorWork work = actor(true, Scripts.named("open")
        .sql("INSERT INTO t (i) VALUES (0)").begin().sql("INSERT INTO t (i) VALUES (1)").build());
    assertThatThrownBy(() -> work.execute(0, new H2Transaction(connection)))
        .isInstanceOf(ScriptRunException.class).hasMessageStartingWith("open.sql:2:1: the script ended inside");
    assertThat(count("i = 1")).isZero();
    assertThat(connection.getAutoCommit()).isTrue();
  }

  @Test
  void ifTakesTheBranchItsConditionSelects() throws Exception {
    // \set x :client_id + 5 / \if :x > 3 / big / \else / small / \endif
    ScriptActorWork work = actor(true, Scripts.named("branch")
        .set("x", ":client_id + 5")
        .jumpUnless(":x > 3", 4)
        .sql("INSERT INTO t (s) VALUES ('big')")
        .jump(5)
        .sql("INSERT INTO t (s) VALUES ('small')").build());
    work.execute(0, new H2Transaction(connection));
    variables.set("client_id", Value.ofInt(-10));
    work.execute(0, new H2Transaction(connection));
    assertThat(count("s = 'big'")).isEqualTo(1);
    assertThat(count("s = 'small'")).isEqualTo(1);
  }

  @Test
  void sleepWaitsAtLeastItsTimeInItsUnitOrAVariables() throws Exception {
    ScriptActorWork fixed = actor(true, Scripts.named("nap").sleep(20, MS).build());
    long began = System.nanoTime();
    fixed.execute(0, new H2Transaction(connection));
    assertThat(System.nanoTime() - began).isGreaterThanOrEqualTo(20 * MS);

    ScriptActorWork variable = actor(true, Scripts.named("nap").set("t", "15").sleep("t", MS).build());
    began = System.nanoTime();
    variable.execute(0, new H2Transaction(connection));
    assertThat(System.nanoTime() - began).isGreaterThanOrEqualTo(15 * MS);
  }

  @Test
  void anEvaluationErrorOrAnUndefinedVariableNamesItsPosition() throws Exception {
    ScriptActorWork division = actor(true, Scripts.named("calc").set("a", "1").set("b", ":a / 0").build());
    assertThatThrownBy(() -> division.execute(0, new H2Transaction(connection)))
        .isInstanceOf(ScriptRunException.class).hasMessageStartingWith("calc.sql:2:1: ")
        .hasMessageContaining("division by zero");

    ScriptActorWork undefined = actor(true, Scripts.named("vars").sql("INSERT INTO t (i) VALUES (:nowhere)").build());
    assertThatThrownBy(() -> undefined.execute(0, new H2Transaction(connection)))
        .isInstanceOf(ScriptRunException.class).hasMessageStartingWith("vars.sql:1:1: variable :nowhere is undefined");
  }

  @Test
  void scriptsAreChosenByWeight() throws Exception {
    ScriptActorWork work = actor(true, Scripts.named("a").sql("SELECT 1").weighted(3),
        Scripts.named("never").sql("SELECT 2").weighted(0), Scripts.named("b").sql("SELECT 3").weighted(1));
    int[] counts = new int[3];
    for (int i = 0; i < 40_000; i++) {
      counts[work.next()]++;
    }
    assertThat(counts[1]).isZero();
    assertThat(counts[0] / (double) counts[2]).isBetween(2.8, 3.2);
  }

  @Test
  void statementLatenciesCountOnlyMeasuredAttemptsThatSucceeded() throws Exception {
    ParsedScript script = Scripts.named("lat").set("x", "1").sql("INSERT INTO t (i) VALUES (:x)")
        .begin().sql("SELECT i FROM t").commit().build();
    ScriptActorWork work = actor(true, script);
    H2Transaction warmup = new H2Transaction(connection);
    warmup.measured = false;
    work.execute(0, warmup);
    work.execute(0, new H2Transaction(connection));
    work.execute(0, new H2Transaction(connection));
    // The same commands, the INSERT on a key taken: the attempt fails after its first call.
    ScriptActorWork failing = new ScriptActorWork(List.of(Scripts.named("lat").set("x", "1")
        .sql("INSERT INTO u (k) VALUES (:x)").begin().sql("SELECT i FROM t").commit().build()), variables,
        new ScriptRandom(1), true, latencies);
    failing.prepare(connection::prepareStatement);
    try (Statement insert = connection.createStatement()) {
      insert.execute("INSERT INTO u (k) VALUES (1)");
    }
    assertThatThrownBy(() -> failing.execute(0, new H2Transaction(connection))).isInstanceOf(SQLException.class);

    StatementLatencies.Merged merged = StatementLatencies.merge(List.of(latencies),
        StatementLatencies.callsOf(List.of(script)));
    assertThat(merged.histogram(0, 0)).as("\\set makes no call").isNull();
    for (int command = 1; command <= 4; command++) {
      assertThat(merged.histogram(0, command).getTotalCount()).as("command %d", command).isEqualTo(2);
      assertThat(merged.sum(0, command)).isPositive();
    }
  }

  @Test
  void blockAnalysisFindsAStatementOutsideABlockOnAnyPath() {
    ParsedScript inside = Scripts.named("in").set("x", "1").begin().sql("SELECT 1").commit().build();
    ParsedScript outside = Scripts.named("out").begin().sql("SELECT 1").commit().sql("SELECT 2").build();
    // \if :x / BEGIN / \endif / SELECT / COMMIT: when the condition is false the SELECT runs outside.
    ParsedScript branch = Scripts.named("br").set("x", "1").jumpUnless(":x", 3).begin().sql("SELECT 1").commit()
        .build();
    assertThat(BlockAnalysis.statementsOutsideBlocks(inside)).isFalse();
    assertThat(BlockAnalysis.statementsOutsideBlocks(outside)).isTrue();
    assertThat(BlockAnalysis.statementsOutsideBlocks(branch)).isTrue();
  }

  /** A connection that refuses to leave or enter autocommit mode: what a block must not do without autocommit. */
  private record NoToggling(Connection target) {
    Connection proxy() {
      return (Connection) java.lang.reflect.Proxy.newProxyInstance(Connection.class.getClassLoader(),
          new Class<?>[] {Connection.class}, (p, method, args) -> {
            if (method.getName().equals("setAutoCommit")) {
              throw new AssertionError("setAutoCommit(" + args[0] + ") on a connection without autocommit");
            }
            try {
              return method.invoke(target, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
              throw e.getCause();
            }
          });
    }
  }
}
