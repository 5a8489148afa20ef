package io.commitbench.it;

import static io.commitbench.it.support.ResultAssertions.assertCompleted;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.RunOutput;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The formatter's exposure on a managed PostgreSQL and MariaDB instance, for
 * real: a short baseline run writes less log than one WAL segment / redo log, and its report and
 * summary.json give the bytes written against that size, the files and checkpoints, and end with
 * the warning that the arm had nothing to act on; the baseline trimmed the log's filesystem like
 * the other arms (or noted why fstrim failed there). A longer run of an arm that acts
 * (PostgreSQL {@code no-recycle}, MariaDB {@code resize}) writes several files' worth, creates
 * files and has no warning. MariaDB's redo log is shrunk online to 16 MiB first (its default,
 * 96 MiB, would make the run long). Needs root and the servers' binaries; skipped with the reason
 * printed otherwise.
 */
class FormatterExposureIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final long MARIADB_LOG = 16L << 20;

  @ParameterizedTest
  @ValueSource(strings = {"postgresql", "mariadb"})
  void everyArmShowsWhatItHadToActOn(String kind, @TempDir Path tmp) throws Exception {
    InstanceItSupport.requirements(kind);
    Path base = InstanceItSupport.base("formatter-exposure-it-" + kind + "-");
    ManagedInstance instance = null;
    try {
      instance = ManagedInstance.create(kind, base.resolve("inst"), base.resolve("inst/data"), base.resolve("wal"), 0,
          Optional.empty(), ProcessCommandRunner.standard());
      boolean pg = kind.equals("postgresql");
      if (!pg) {
        instance.query("SET GLOBAL innodb_log_file_size = " + MARIADB_LOG);
        awaitLogSize(instance);
      }
      String unit = pg ? "WAL segment" : "redo log";
      long unitBytes = pg ? 16L << 20 : MARIADB_LOG;

      RunOutput small = run(tmp, base, "baseline", "baseline", 20, 1, 100);
      JsonNode formatter = assertCompleted(small).path("companions").path("log-formatter");
      JsonNode exposure = formatter.path("exposure");
      print(kind, "baseline", small);
      assertThat(exposure.path("unit").asText()).isEqualTo(unit);
      assertThat(exposure.path("unitBytes").asLong()).isEqualTo(unitBytes);
      assertThat(exposure.path("logBytes").asLong()).as("log written by 20 small commits").isPositive()
          .isLessThan(unitBytes);
      assertThat(exposure.path("unitsWritten").asDouble()).isLessThan(1);
      assertThat(exposure.path("filesCreated").asLong()).isZero();
      if (pg) {
        assertThat(exposure.path("filesRecycled").asLong()).isZero();
        assertThat(exposure.path("checkpoints").isIntegralNumber()).as("pg_stat_bgwriter's checkpoints").isTrue();
      } else {
        assertThat(exposure.path("wraps").asLong()).isZero();
        assertThat(exposure.path("checkpoints").isNull()).isTrue();
        assertThat(exposure.path("checkpointsAbsent").asText()).startsWith("InnoDB counts no checkpoints");
      }
      String warning = "warning: formatter arm baseline had nothing to act on: the run wrote ";
      assertThat(formatter.path("warnings")).singleElement().satisfies(w -> assertThat(w.asText()).startsWith(warning)
          .contains(String.format(java.util.Locale.ROOT, "of one %s of %,d bytes", unit, unitBytes)));
      List<String> lines = small.report().lines().toList();
      assertThat(lines.get(lines.size() - 1)).as("the report's last line").startsWith(warning);
      assertThat(small.report()).contains("log written during the run         : ");
      assertThat(small.cli().err()).as("the warning leaves the exit code alone").doesNotContain("not cleanly");
      assertFstrimTried(formatter);

      String arm = pg ? "no-recycle" : "resize";
      RunOutput big = run(tmp, base, arm, arm, 200, 50, 4000);
      formatter = assertCompleted(big).path("companions").path("log-formatter");
      exposure = formatter.path("exposure");
      print(kind, arm, big);
      assertThat(exposure.path("unitsWritten").asDouble()).as("200 commits of 50 rows of 4000 bytes")
          .isGreaterThan(1.5);
      assertThat(exposure.path("filesCreated").asLong()).as("files created during the run").isPositive();
      if (!pg) {
        assertThat(exposure.path("wraps").asLong()).isPositive();
      }
      assertThat(formatter.path("warnings")).isEmpty();
      assertThat(big.report()).doesNotContain("had nothing to act on");
      assertFstrimTried(formatter);
    } finally {
      if (instance != null) {
        ManagedInstance created = instance;
        InstanceItSupport.quietly(created::destroy);
      }
      InstanceItSupport.deleteTree(base);
    }
  }

  private static RunOutput run(Path tmp, Path base, String id, String arm, int transactions, int rows, int bytes)
      throws Exception {
    Map<String, String> keys = new LinkedHashMap<>();
    keys.put("workload", "commit");
    keys.put("users", "4");
    keys.put("transactions", String.valueOf(transactions));
    keys.put("commit.rows", String.valueOf(rows));
    keys.put("row.bytes", String.valueOf(bytes));
    keys.put("db.instance", base.resolve("inst").toString());
    keys.put("storage.format.arm", arm);
    Path file = Commitbench.writeParameterFile(tmp.resolve(id + ".properties"), keys);
    return Commitbench.run(file, tmp.resolve("results"), id, Map.of());
  }

  /** The arm trimmed the log's filesystem, or noted why fstrim failed or was skipped there. */
  private static void assertFstrimTried(JsonNode formatter) {
    boolean trimmed = false;
    for (java.util.Iterator<String> names = formatter.path("actions").fieldNames(); names.hasNext(); ) {
      trimmed |= names.next().startsWith("fstrim ");
    }
    boolean noted = false;
    for (JsonNode note : formatter.path("notes")) {
      noted |= note.asText().startsWith("fstrim ");
    }
    assertThat(trimmed || noted).as("fstrim done or noted: %s", formatter).isTrue();
  }

  private static void awaitLogSize(ManagedInstance instance) throws Exception {
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (Long.parseLong(instance.query("SELECT @@GLOBAL.innodb_log_file_size").strip()) != MARIADB_LOG) {
      assertThat(System.nanoTime()).as("innodb_log_file_size became 16 MiB in time").isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  private static void print(String kind, String arm, RunOutput run) {
    boolean[] inBlock = {false};
    run.report().lines().forEach(l -> {
      if (l.startsWith("##### Log formatter")) {
        inBlock[0] = true;
      }
      if (inBlock[0] || l.startsWith("warning: formatter arm")) {
        System.out.println(PREFIX + kind + " " + arm + ": " + l);
      }
      if (l.equals("#####")) {
        inBlock[0] = false;
      }
    });
  }
}
