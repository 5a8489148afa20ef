package io.commitbench.it;

import static io.commitbench.it.support.ResultAssertions.assertCompletedWithErrors;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.IntervalsCsv;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestImages;
import io.commitbench.it.support.TestNames;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

/**
 * The server restarts under load: the test's own PostgreSQL container is restarted (a fast
 * shutdown, SIGINT, which ends every session with 57P01, then a new start on the same data and
 * the same host port) while the commit workload runs. A shared local service could never be
 * restarted by a test. Every actor must count its lost connection, reconnect once the server is
 * back and go on writing; the run completes with exactly those errors (exit code 3), and no
 * key is written twice. The server's counters count from the new start, so none of them is a
 * figure of the run: each is unusable with the reason, in summary.json and in the text output.
 */
class ServerRestartIT {

  private static final int USERS = 4;

  @Test
  void aRestartedServerIsReconnectedToAndTheRunGoesOn(@TempDir Path tmp) throws Exception {
    DatabaseTargets.requireEngineForOwnContainer("ServerRestartIT");
    int hostPort = freePort();
    // A fixed host port: Docker gives a restarted container a new ephemeral one otherwise.
    try (PostgreSQLContainer<?> server = new PostgreSQLContainer<>(TestImages.POSTGRESQL).withCommand("postgres")
        .withCreateContainerCmdModifier(cmd -> cmd.withStopSignal("SIGINT").getHostConfig().withPortBindings(
            new PortBinding(Ports.Binding.bindPort(hostPort), ExposedPort.tcp(PostgreSQLContainer.POSTGRESQL_PORT))))) {
      server.start();
      DatabaseTarget target = new DatabaseTarget(DatabaseKind.POSTGRESQL, server.getJdbcUrl(), server.getUsername(),
          server.getPassword(), null, "container of ServerRestartIT");
      Path file = Commitbench.writeParameterFile(tmp.resolve("commit.properties"), Map.of("workload", "commit",
          "users", Integer.toString(USERS), "duration", "20", "warmup", "0", "reconnect.timeout", "60"));
      Map<String, String> overrides = target.runSettings(tmp.resolve("secrets"), TestNames.unique(), "shared");
      Path results = tmp.resolve("results");
      CompletableFuture<RunOutput> running = CompletableFuture.supplyAsync(
          () -> Commitbench.run(file, results, "restarted", overrides));
      Path csv = results.resolve("restarted").resolve("intervals.csv");
      IntervalsCsv.awaitRows(csv, 3, running);
      long began = System.nanoTime();
      DockerClientFactory.instance().client().restartContainerCmd(server.getContainerId()).withTimeout(10).exec();
      System.out.printf("%srestarted the PostgreSQL container in %.1f s%n", DatabaseTargets.LOG_PREFIX,
          (System.nanoTime() - began) / 1e9);
      RunOutput run = running.get(150, TimeUnit.SECONDS);

      JsonNode totals = assertCompletedWithErrors(run).path("totals");
      long lost = totals.path("errorsByClass").path("connection_lost").asLong();
      assertThat(totals.path("reconnects").asLong()).as("reconnects: every actor lost its session\n%s", run.report())
          .isGreaterThanOrEqualTo(USERS);
      assertThat(lost).as("connection_lost errors").isBetween((long) USERS, 2L * USERS);
      assertThat(totals.path("errors").asLong()).as("errors: all of them connection_lost\n%s", run.report())
          .isEqualTo(lost);
      List<Long> transactions = IntervalsCsv.transactionsPerRow(csv);
      System.out.println(DatabaseTargets.LOG_PREFIX + "transactions per second " + transactions);
      assertThat(transactions).as("seconds of the run").hasSizeGreaterThanOrEqualTo(15);
      assertThat(transactions.subList(transactions.size() - 5, transactions.size()))
          .as("the last 5 s, well after the restart, in %s", transactions).allMatch(n -> n > 0);

      JsonNode counters = run.summary().path("server");
      String restarted = "the server restarted during the run: pg_postmaster_start_time() was ";
      assertThat(counters.path("reset").asText()).as("server.reset\n%s", counters).startsWith(restarted);
      for (String counter : List.of("commits", "log_bytes", "log_writes", "log_syncs")) {
        assertThat(counters.path("counters").path(counter).path("absent").asText()).as("%s\n%s", counter, counters)
            .startsWith(restarted);
      }
      assertThat(counters.path("derived").path("log_bytes_per_commit").has("value")).isFalse();
      assertThat(run.report()).as("the text output").contains("Counters reset                     : " + restarted)
          .contains("Log counters: unusable, they started again from zero during the run:")
          .containsPattern("\n  commits +absent: the server restarted during the run");
    }
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

}
