package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Chromium;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.Repository;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestNames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A run's report.html as a person opens it, in a real headless Chromium: the quick start on H2
 * as shipped (shorter), the commit workload at a target rate on PostgreSQL, and sysbench's
 * oltp_read_write on PostgreSQL and on MariaDB, each run through the command line. The page
 * loads without an error and every chart decodes; its first screen, before any chart, says what
 * ran against which database and log device, for how long, how fast and how slow, whether the
 * rate was met and how the run ended; the environment comes after the charts; no key the
 * database ignores shows. Screenshots of the first screen and of the whole page go to
 * target/screenshots/report-in-browser/, to be looked at.
 */
class ReportInBrowserIT {

  private static final Path SHOTS = Path.of("target", "screenshots", "report-in-browser");
  private static final int WIDTH = 1280;
  private static final int FIRST_SCREEN = 900;
  private static final int WHOLE_PAGE = 7000;

  @Test
  void theQuickStartOnH2(@TempDir Path tmp) throws Exception {
    Chromium chromium = Chromium.findOrSkip();
    RunOutput run = Commitbench.run(Repository.file("config/quickstart.properties"), tmp.resolve("results"),
        "quickstart", Map.of("duration", "3", "warmup", "1"));

    look(chromium, run, "quickstart-h2", "H2", false, tmp);
  }

  @Test
  void theCommitWorkloadAtARateOnPostgresql(@TempDir Path tmp) throws Exception {
    Chromium chromium = Chromium.findOrSkip();
    DatabaseTarget target = DatabaseTargets.require(DatabaseKind.POSTGRESQL, tmp.resolve("h2"));
    Path file = Commitbench.writeParameterFile(tmp.resolve("commit.properties"), Map.of("workload", "commit",
        "users", "2", "rate", "100", "duration", "5", "warmup", "2"));
    Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), TestNames.unique(), "shared");
    RunOutput run = Commitbench.run(file, tmp.resolve("results"), "commit-rate", settings);

    look(chromium, run, "commit-rate-postgresql", "PostgreSQL", true, tmp);
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
  void oltpReadWrite(DatabaseKind kind, @TempDir Path tmp) throws Exception {
    Chromium chromium = Chromium.findOrSkip();
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    Path file = Commitbench.writeParameterFile(tmp.resolve("oltp.properties"), Map.of("workload", "oltp_read_write",
        "users", "1", "duration", "5", "warmup", "1", "oltp.table.size", "2000"));
    Map<String, String> settings = new LinkedHashMap<>(target.runSettings(tmp.resolve("secrets"), TestNames.unique(),
        "shared"));
    RunOutput run = Commitbench.run(file, tmp.resolve("results"), "oltp", settings);

    look(chromium, run, "oltp-read-write-" + kind.dbType(), kind == DatabaseKind.MARIADB ? "MariaDB" : "PostgreSQL",
        false, tmp);
  }

  /** Opens the run's report.html, checks what it shows and where, and takes the screenshots. */
  private static void look(Chromium chromium, RunOutput run, String name, String product, boolean rated, Path tmp)
      throws Exception {
    assertThat(run.exitCode()).as(run.describe()).isZero();
    Path html = run.directory().resolve("report.html");
    String page = Files.readString(html);

    Chromium.Page shown = chromium.open(html, tmp);
    assertThat(shown.errors()).as("errors while loading %s", html).isZero();
    assertThat(shown.charts()).as("charts: throughput, latency of types and kinds, their distributions")
        .isGreaterThanOrEqualTo(5);
    assertThat(shown.rendered()).as("charts that decoded").isEqualTo(shown.charts());

    String firstScreen = page.substring(0, page.indexOf("<img class=\"chart\""));
    assertThat(firstScreen).contains("<th>Workload</th>", "<th>Database</th><td>" + product, "<th>Log</th>",
        "<th>Measured</th>", "<th>Throughput</th>", "<th>Outcome</th><td class=\"good\">completed",
        rated ? "response p99 (ms)" : "<th>p99 (ms)</th>");
    if (rated) {
      assertThat(firstScreen).contains("<th>Target rate</th>", "target 100 tx/s, achieved", "arrivals shed");
    }
    assertThat(firstScreen).doesNotContain("<h2>Environment</h2>", "<h2>Run header</h2>");
    assertThat(page.indexOf("<h2>Environment</h2>")).as("the environment after the last chart")
        .isGreaterThan(page.lastIndexOf("<img class=\"chart\""));
    assertThat(page).as("plain labels, and no quota: the database gives no created user one")
        .contains("Sleep interval (ms)").doesNotContain("Sleep Intervall", "Quota");
    assertThat(run.report()).as("the text keeps the paper's header").contains("| Sleep Intervall  :")
        .doesNotContain("Quota Amount");

    chromium.screenshot(html, SHOTS.resolve(name + "-first-screen.png"), WIDTH, FIRST_SCREEN, tmp);
    chromium.screenshot(html, SHOTS.resolve(name + "-page.png"), WIDTH, WHOLE_PAGE, tmp);
    System.out.println(DatabaseTargets.LOG_PREFIX + "screenshots of " + name + " in " + SHOTS.toAbsolutePath());
  }
}
