package io.commitbench.it;

import static io.commitbench.it.support.ResultAssertions.assertCompletedWithErrors;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.HoldingRelay;
import io.commitbench.it.support.IntervalsCsv;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestNames;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The actors' connections have no driver read timeout (it costs every statement a poll); what
 * bounds a call instead is the harness's watchdog, which closes the connection under a call still
 * running statement.timeout + 30 s after it began. Here the server stops answering the actors
 * mid-run: a relay in front of the real server holds every byte of the connections open at that
 * moment (the query goes out, nothing comes back, as with a frozen server or a dropped route). The
 * actors must come back on new connections about 31 s later (statement.timeout=1), well before
 * the relay lets the held connections go at 40 s; the admin's connection, idle meanwhile, is
 * released then and carries on.
 */
class StalledServerIT {

  private static final Pattern HOST_PORT = Pattern.compile("//([^:/]+):(\\d+)/");
  private static final int USERS = 2;
  private static final int STATEMENT_TIMEOUT = 1;
  private static final int WATCHDOG_SECONDS = STATEMENT_TIMEOUT + 30;
  private static final Duration HELD = Duration.ofSeconds(40);

  @ParameterizedTest(name = "{0}: the server stops answering the actors for 40 s")
  @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
  void actorsComeBackOnNewConnectionsOnceTheirCallsOutliveTheStatementTimeout(DatabaseKind kind,
      @TempDir Path tmp) throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    Matcher hostPort = HOST_PORT.matcher(target.url());
    assertThat(hostPort.find()).as("host and port in %s", target.url()).isTrue();
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("commit.properties"), Map.of("workload", "commit",
        "users", Integer.toString(USERS), "duration", "50", "warmup", "0",
        "statement.timeout", Integer.toString(STATEMENT_TIMEOUT)));
    Path results = tmp.resolve("results");
    try (HoldingRelay relay = new HoldingRelay(hostPort.group(1), Integer.parseInt(hostPort.group(2)))) {
      Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "shared");
      settings.put("db.url", hostPort.replaceFirst("//127.0.0.1:" + relay.port() + "/"));
      CompletableFuture<RunOutput> running = CompletableFuture.supplyAsync(
          () -> Commitbench.run(file, results, "stalled", settings));
      Path csv = results.resolve("stalled").resolve("intervals.csv");
      IntervalsCsv.awaitRows(csv, 3, running);

      int held = relay.hold();
      System.out.println(DatabaseTargets.LOG_PREFIX + kind.dbType() + ": holding " + held + " connections for "
          + HELD.toSeconds() + " s");
      Thread.sleep(HELD.toMillis());
      relay.release();
      RunOutput run = running.get(120, TimeUnit.SECONDS);

      JsonNode totals = assertCompletedWithErrors(run).path("totals");
      assertThat(totals.path("reconnects").asLong()).as("reconnects: every actor's connection was held\n%s",
          run.report()).isGreaterThanOrEqualTo(USERS);
      assertThat(totals.path("errorsByClass").path("connection_lost").asLong()).as("connection_lost errors")
          .isGreaterThanOrEqualTo(USERS);
      assertThat(run.cli().out() + run.report()).as("the watchdog's warning")
          .containsPattern("actor [0-9]+ \\(.*\\)'s call to the database had not returned after 3[0-9] s");

      List<Long> transactions = IntervalsCsv.transactionsPerRow(csv);
      int firstIdle = transactions.indexOf(0L);
      assertThat(firstIdle).as("a row without transactions (held) in %s", transactions).isPositive();
      int resumed = firstIdle;
      while (resumed < transactions.size() && transactions.get(resumed) == 0) {
        resumed++;
      }
      System.out.println(DatabaseTargets.LOG_PREFIX + kind.dbType() + ": transactions per second " + transactions);
      assertThat(resumed - firstIdle).as("seconds without transactions, from the hold to the watchdog (%d s)"
          + " and not to the release (%d s): %s", WATCHDOG_SECONDS, HELD.toSeconds(), transactions)
          .isBetween(WATCHDOG_SECONDS - 3, WATCHDOG_SECONDS + 4);
      assertThat(resumed).as("rows after the actors came back").isLessThan(transactions.size());
    }
  }


}
