package io.commitbench.it;

import static io.commitbench.it.support.ResultAssertions.DML_KINDS;
import static io.commitbench.it.support.ResultAssertions.assertCompleted;
import static io.commitbench.it.support.ResultAssertions.assertNoErrors;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestImages;
import io.commitbench.it.support.TestNames;
import io.commitbench.it.support.Workload;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

/**
 * The whole server freezes under load: the test's own PostgreSQL container is paused (SIGSTOP to
 * every process of it, connections stay open) for three seconds while the actors work, then
 * resumed. A shared local service could never be frozen like this. The run must wait it out:
 * exit code 0, every statement done exactly once, no error and no reconnect.
 */
class ServerPauseIT {

  private static final Workload WORKLOAD = new Workload(4, 0, 2, 100, 25);
  private static final long PAUSE_MILLIS = 3_000;

  @Test
  void aFrozenServerUnderLoadIsWaitedOut(@TempDir Path tmp) throws Exception {
    DatabaseTargets.requireEngineForOwnContainer("ServerPauseIT");
    try (PostgreSQLContainer<?> server = new PostgreSQLContainer<>(TestImages.POSTGRESQL).withCommand("postgres")) {
      server.start();
      DatabaseTarget target = new DatabaseTarget(DatabaseKind.POSTGRESQL, server.getJdbcUrl(), server.getUsername(),
          server.getPassword(), null, "container of ServerPauseIT");
      Path file = Commitbench.writeParameterFile(tmp.resolve("long.properties"), WORKLOAD.keys());
      Map<String, String> overrides = target.runSettings(tmp.resolve("secrets"), TestNames.unique(), "db-users");
      ExecutorService runner = Executors.newSingleThreadExecutor(r -> new Thread(r, "commitbench-run"));
      try {
        Future<RunOutput> running = runner.submit(() -> Commitbench.run(file, tmp.resolve("results"), "paused", overrides));
        Thread.sleep(1_500); // into the measured cycles, after the load phase
        assertThat(running.isDone()).as("the run is still going when the server is frozen").isFalse();
        var docker = DockerClientFactory.instance().client();
        docker.pauseContainerCmd(server.getContainerId()).exec();
        Thread.sleep(PAUSE_MILLIS);
        docker.unpauseContainerCmd(server.getContainerId()).exec();
        RunOutput run = running.get(150, TimeUnit.SECONDS);

        JsonNode summary = assertCompleted(run);
        assertNoErrors(summary);
        for (String kind : DML_KINDS) {
          assertThat(summary.path("kinds").path(kind).path("count").asLong()).as("kinds.%s.count", kind)
              .isEqualTo(WORKLOAD.statementsPerKind());
        }
        assertThat(summary.path("paper").path("actorCycles").asInt()).as("every actor finished every cycle")
            .isEqualTo(WORKLOAD.users() * WORKLOAD.repeat());
      } finally {
        runner.shutdownNow();
        runner.awaitTermination(150, TimeUnit.SECONDS);
      }
    }
  }
}
