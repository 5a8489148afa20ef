package io.commitbench.driver.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.dialect.DataSize;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.dialect.ServerReadings;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.report.RunResult;
import io.commitbench.core.run.BenchmarkRun;
import io.commitbench.core.server.ActivityFigure;
import io.commitbench.core.server.Fact;
import io.commitbench.core.server.LogCounters;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness reads the server's counters around a real run (embedded H2, the one database
 * every build has), and a failure to read them never fails the run: the counters are absent
 * with the reason.
 */
class RunServerCountersTest {

  @TempDir Path dir;

  private BenchmarkConfig config(String runId) throws Exception {
    Properties file = new Properties();
    file.putAll(Map.of("users", "2", "sleep", "0", "tablename", "1", "tableinsertnumber", "5",
        "tableselectnumber", "5", "tableupdatenumber", "5", "tabledeletenumber", "5", "repeat", "2"));
    return new ConfigBinder(DialectRegistry.load(), name -> null).bind(file, Map.of(
        "db.url", "jdbc:h2:file:" + dir.resolve("db").resolve(runId).toAbsolutePath(), "users.mode", "shared",
        "results.dir", dir.resolve("results").toString(), "run.id", runId));
  }

  private RunResult run(Dialect dialect, String runId) throws Exception {
    PrintWriter silent = new PrintWriter(OutputStream.nullOutputStream());
    return new BenchmarkRun(config(runId), dialect, "test", silent).execute();
  }

  @Test
  void aRunOnH2ReportsThatTheDatabasesViewIsNotAvailable() throws Exception {
    RunResult result = run(new H2Dialect(), "h2");

    assertThat(result.outcome()).as(result.failure()).isEqualTo(RunOutcome.COMPLETED);
    assertThat(result.logActivity().available()).isFalse();
    assertThat(result.logActivity().before()).isBefore(result.logActivity().after());
    assertThat(result.logActivity().counter("commits").orElseThrow().absentReason()).isEqualTo("H2 counts no commits");
    String report = Files.readString(dir.resolve("results/h2/report.txt"), StandardCharsets.UTF_8);
    assertThat(report).contains("##### Database's view (server counters) #####\n")
        .contains("Log counters: not available on this database:\n");
    assertThat(Files.readString(dir.resolve("results/h2/summary.json"))).contains("\"server\"")
        .contains("\"absent\" : \"H2 counts no commits\"");
  }

  @Test
  void countersThatCannotBeReadAreAbsentAndTheRunStillCompletes() throws Exception {
    RunResult result = run(withLogCounters(new H2Dialect(), admin -> {
      throw new SQLException("permission denied for the counters");
    }), "failing");

    assertThat(result.outcome()).as(result.failure()).isEqualTo(RunOutcome.COMPLETED);
    assertThat(result.failure()).isEmpty();
    assertThat(result.totals().operations()).isEqualTo(2 * 5 * 4 * 2);
    assertThat(result.logActivity().note())
        .isEqualTo("could not read the server's counters: permission denied for the counters");
    assertThat(result.logActivity().counters()).allSatisfy(f -> assertThat(f.present()).isFalse());
    assertThat(result.logActivity().derived()).noneMatch(ActivityFigure::present);
  }

  @Test
  void aReaderThatThrowsAnUncheckedExceptionDoesNotFailTheRunEither() throws Exception {
    RunResult result = run(withLogCounters(new H2Dialect(), admin -> {
      throw new IllegalStateException("parser bug");
    }), "unchecked");

    assertThat(result.outcome()).as(result.failure()).isEqualTo(RunOutcome.COMPLETED);
    assertThat(result.logActivity().note()).isEqualTo("could not read the server's counters: parser bug");
  }

  /** The dialect with another counter reader: every other method goes to {@code dialect}. */
  private static Dialect withLogCounters(Dialect dialect, LogCounters counters) {
    ServerReadings server = dialect.server();
    ServerReadings counted = new ServerReadings() {
      @Override
      public LogCounters logCounters() {
        return counters;
      }

      @Override
      public List<Fact> serverFacts(Connection admin) throws SQLException {
        return server.serverFacts(admin);
      }

      @Override
      public Optional<DataSize> dataSize(Connection admin, List<TableSpec> tables) throws SQLException {
        return server.dataSize(admin, tables);
      }
    };
    return (Dialect) Proxy.newProxyInstance(Dialect.class.getClassLoader(), new Class<?>[] {Dialect.class},
        (proxy, method, args) -> {
          if (method.getName().equals("server")) {
            return counted;
          }
          try {
            return method.invoke(dialect, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }
}
