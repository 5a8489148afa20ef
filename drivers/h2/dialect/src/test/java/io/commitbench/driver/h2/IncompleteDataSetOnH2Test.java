package io.commitbench.driver.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.dialect.DbObject;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.load.LoadStoppedException;
import io.commitbench.core.run.BenchmarkRun;
import io.commitbench.core.run.DataSetPreparation;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A prepared data set whose load did not finish, on embedded H2: a table whose mark still says
 * {@code load=incomplete} (its prepare was killed mid-load) is refused by {@code load=reuse}
 * before anything is created, and a preparation asked to stop drops what it created and says so.
 */
class IncompleteDataSetOnH2Test {

  @TempDir Path dir;

  private final H2Dialect h2 = new H2Dialect();
  private final ConfigBinder binder = new ConfigBinder(DialectRegistry.load(), name -> null);

  @Test
  void aTableWhoseLoadDidNotFinishIsRefusedByLoadReuse() throws Exception {
    String url = "jdbc:h2:file:" + dir.resolve("db").toAbsolutePath();
    Properties file = oltp();
    new DataSetPreparation(binder.bind(file, where(url)), h2, line -> { }).execute();
    try (Connection admin = DriverManager.getConnection(url, "sa", "")) {
      DbObject table = h2.marks().tablesStartingWith(admin, h2.centralQualifier(admin), "inc_").get(0);
      assertThat(table.comment()).as("the mark of a finished load").startsWith("commitbench run=prepare-")
          .doesNotContain("load=incomplete");
      try (Statement statement = admin.createStatement()) {
        statement.execute("COMMENT ON TABLE " + table.name() + " IS '" + table.comment() + " load=incomplete'");
      }
    }

    file.put("load", "reuse");
    StringWriter console = new StringWriter();
    BenchmarkRun run = new BenchmarkRun(binder.bind(file, where(url)), h2, "test", new PrintWriter(console, true));
    run.execute();

    assertThat(run.refusal()).as(console.toString()).isNotNull();
    assertThat(run.refusal().getMessage()).contains("load=reuse, but 1 of the 1 tables at table.prefix=inc_ was not"
        + " loaded completely (inc_1: their commitbench mark says load=incomplete").contains("nothing was created");
  }

  @Test
  void aPreparationAskedToStopDropsWhatItCreatedAndSaysSo() throws Exception {
    String url = "jdbc:h2:file:" + dir.resolve("stopped").toAbsolutePath();
    List<String> lines = new ArrayList<>();
    BenchmarkConfig config = binder.bind(oltp(), where(url));
    DataSetPreparation preparation = new DataSetPreparation(config, h2, lines::add);
    preparation.requestStop("interrupted by a signal (Ctrl-C or kill)");

    assertThatThrownBy(preparation::execute).isInstanceOf(LoadStoppedException.class);

    assertThat(lines).contains("prepare stopped: dropped the 1 table(s) it had created: inc_1");
    try (Connection admin = DriverManager.getConnection(url, "sa", "")) {
      assertThat(h2.marks().tablesStartingWith(admin, h2.centralQualifier(admin), "inc_")).as("tables left").isEmpty();
    }
  }

  private static Properties oltp() {
    Properties file = new Properties();
    file.putAll(Map.of("workload", "oltp_point_select", "users", "1", "transactions", "20", "oltp.tables", "1",
        "oltp.table.size", "100", "table.prefix", "inc_", "users.mode", "shared"));
    return file;
  }

  private Map<String, String> where(String url) {
    return Map.of("db.url", url, "results.dir", dir.resolve("results").toString(), "run.id", "reuse");
  }
}
