package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargetExtension;
import io.commitbench.it.support.Db;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestNames;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare} of real commit runs on the local PostgreSQL: a run during which a third client
 * commits in a loop has its server counters marked as a shared server's, in text and JSON, while
 * the run alone on the server has not (its warm-up, its admin session and its sessions' own
 * commits included); and a run at a rate far above what one actor can commit is flagged as having
 * missed its target, its latency as its backlog's, in a rate sweep compared without {@code --force}.
 */
@ExtendWith(DatabaseTargetExtension.class)
class CompareIT {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final long SESSION_NANOS = 500_000_000L;

  @Test
  void theServerCountersOfARunThatAThirdClientLoadedAreMarkedShared(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg,
      @TempDir Path tmp) throws Exception {
    Path file = commitRuns(tmp, 2, 100);
    Map<String, String> settings = pg.runSettings(tmp.resolve("secrets"), TestNames.unique(), "shared");
    Path results = tmp.resolve("results");
    RunOutput alone = Commitbench.run(file, results, "alone", settings);
    assertThat(alone.exitCode()).as(alone.describe()).isZero();

    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong thirdClientCommits = new AtomicLong();
    ExecutorService thread = Executors.newSingleThreadExecutor();
    Future<?> thirdClient = thread.submit(() -> commitInALoop(pg, stop, thirdClientCommits));
    RunOutput loaded;
    try {
      loaded = Commitbench.run(file, results, "loaded", settings);
    } finally {
      stop.set(true);
      thread.shutdown();
    }
    thirdClient.get(30, TimeUnit.SECONDS);
    assertThat(loaded.exitCode()).as(loaded.describe()).isZero();
    assertThat(thirdClientCommits.get()).as("the third client's commits").isGreaterThan(
        loaded.summary().path("totals").path("transactions").asLong());

    CliResult text = Commitbench.execute(List.of("compare", alone.directory().toString(), loaded.directory().toString()));
    assertThat(text.exitCode()).as(text.describe()).isZero();
    assertThat(text.out().lines().findFirst().orElseThrow()).as(text.out())
        .startsWith("warning: loaded: shared server: not the run's own: the server counted");
    assertThat(text.out().lines().filter(l -> l.startsWith("warning: "))).as("the run alone is not flagged (unless"
        + " another client used the server meanwhile): " + text.out()).hasSize(1);
    assertThat(text.out().lines().filter(l -> l.startsWith("server commits "))).singleElement().asString()
        .contains("[shared server]", "- [shared server]");

    CliResult json = Commitbench.execute(List.of("compare", alone.directory().toString(), loaded.directory().toString(),
        "--format", "json"));
    JsonNode root = MAPPER.readTree(json.out());
    assertThat(root.path("subjects").get(0).path("sharedServer").asBoolean()).as(json.out()).isFalse();
    assertThat(root.path("subjects").get(1).path("sharedServer").asBoolean()).as(json.out()).isTrue();
    JsonNode commits = row(root.path("server"), "server commits");
    assertThat(commits.path("marks").get(1).asText()).isEqualTo("shared server");
    assertThat(commits.path("ratios").get(1).isNull()).isTrue();
    assertThat(commits.path("values").get(1).asDouble()).as("the server counted the third client's commits too")
        .isGreaterThan(2 * commits.path("values").get(0).asDouble());
  }

  @Test
  void aRunAtARateOneActorCannotCommitIsFlaggedInARateSweep(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg,
      @TempDir Path tmp) throws Exception {
    Map<String, String> settings = pg.runSettings(tmp.resolve("secrets"), TestNames.unique(), "shared");
    settings.put("rate.backlog", "1");
    Path results = tmp.resolve("results");
    RunOutput held = Commitbench.run(commitRuns(tmp.resolve("held"), 1, 50), results, "held", settings);
    assertThat(held.exitCode()).as(held.describe()).isZero();
    RunOutput missed = Commitbench.run(commitRuns(tmp.resolve("missed"), 1, 100_000), results, "missed", settings);
    assertThat(missed.summary().path("totals").path("transactionsPerSecond").asDouble()).as(missed.describe())
        .isLessThan(100_000 * 0.95);

    CliResult text = Commitbench.execute(List.of("compare", held.directory().toString(), missed.directory().toString()));
    assertThat(text.exitCode()).as("a rate sweep needs no --force: " + text.describe()).isZero();
    List<String> lines = text.out().lines().toList();
    assertThat(lines).filteredOn(l -> l.startsWith("warning: ")).as(text.out()).hasSize(2)
        .allSatisfy(l -> assertThat(l).startsWith("warning: rate=100000: "))
        .anySatisfy(l -> assertThat(l).contains("missed its target rate: achieved", "of 100000"))
        .anySatisfy(l -> assertThat(l).contains("latency dominated by the backlog", "arrivals shed"));
    assertThat(lines).contains("Compared as the points of a sweep of rate: the runs differ in it by design.")
        .anySatisfy(l -> assertThat(l).matches("figure +rate=50 +rate=100000 +ratio"))
        .anySatisfy(l -> assertThat(l).startsWith("achieved / target").contains("[missed target]"));

    JsonNode root = MAPPER.readTree(Commitbench.execute(List.of("compare", held.directory().toString(),
        missed.directory().toString(), "--format", "json")).out());
    assertThat(root.path("subjects").get(0).path("missedRate").asBoolean()).isFalse();
    assertThat(root.path("subjects").get(1).path("missedRate").asBoolean()).isTrue();
    assertThat(root.path("subjects").get(1).path("backlogged").asBoolean()).isTrue();
  }

  /** A parameter file of short commit runs: {@code users} actors at {@code rate}, 4 s after a 1 s warm-up. */
  private static Path commitRuns(Path dir, int users, int rate) throws Exception {
    return Commitbench.writeParameterFile(dir.resolve("commit.properties"), Map.of("workload", "commit",
        "users", Integer.toString(users), "rate", Integer.toString(rate), "duration", "4", "warmup", "1"));
  }

  /**
   * A client of the test's own: read-only transactions, committed one after another until
   * stopped, in sessions of half a second each. PostgreSQL publishes a busy session's counts
   * only now and then, and all of them when it ends, so short sessions make them reach the
   * server's counters while the run measures.
   */
  private static void commitInALoop(DatabaseTarget pg, AtomicBoolean stop, AtomicLong commits) {
    while (!stop.get()) {
      try (Connection c = pg.connect(); Statement s = c.createStatement()) {
        c.setAutoCommit(false);
        long end = System.nanoTime() + SESSION_NANOS;
        while (!stop.get() && System.nanoTime() < end) {
          s.execute("SELECT 1");
          c.commit();
          commits.incrementAndGet();
        }
      } catch (Exception e) {
        throw new IllegalStateException("the third client failed", e);
      }
    }
  }

  private static JsonNode row(JsonNode rows, String figure) {
    return StreamSupport.stream(rows.spliterator(), false).filter(r -> r.path("figure").asText().equals(figure))
        .findFirst().orElseThrow(() -> new AssertionError("no row " + figure + " in " + rows));
  }
}
