package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.DatabaseTargets.Found;
import io.commitbench.it.support.DatabaseTargets.Missing;
import io.commitbench.it.support.DockerTargets;
import io.commitbench.it.support.TestImages;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;
import org.testcontainers.utility.DockerImageName;

/**
 * The target finder itself, with a scripted environment and Docker: the order of the sources, a
 * skip that says why, and never a silent pass.
 */
class DatabaseTargetsIT {

  @Test
  void anExplicitUrlFromTheEnvironmentComesFirst(@TempDir Path tmp) throws Exception {
    DatabaseTarget pg = DatabaseTargets.require(DatabaseKind.POSTGRESQL, tmp);
    Map<String, String> env = new HashMap<>();
    env.put("COMMITBENCH_IT_POSTGRESQL_URL", pg.url());
    env.put("COMMITBENCH_IT_POSTGRESQL_USER", pg.user());
    env.put("COMMITBENCH_IT_POSTGRESQL_PASSWORD", pg.password());
    // The local port is closed and Docker refuses: only the variable can have found it.
    DatabaseTargets finder = new DatabaseTargets(env::get, k -> closedPort(), new ScriptedDocker(null));

    DatabaseTarget found = ((Found) finder.find(DatabaseKind.POSTGRESQL)).target();

    assertThat(found.origin()).isEqualTo("COMMITBENCH_IT_POSTGRESQL_URL");
    assertThat(found.url()).isEqualTo(pg.url());
    assertThat(found.passwordVariable()).isEqualTo("COMMITBENCH_IT_POSTGRESQL_PASSWORD");
    try (Connection connection = found.connect()) {
      assertThat(connection.isValid(5)).isTrue();
    }
  }

  @Test
  void anExplicitUrlThatDoesNotConnectFailsInsteadOfSkipping() throws Exception {
    int port = closedPort();
    Map<String, String> env = Map.of("COMMITBENCH_IT_POSTGRESQL_URL", "jdbc:postgresql://127.0.0.1:" + port + "/test");
    DatabaseTargets finder = new DatabaseTargets(env::get, k -> port, new ScriptedDocker(null));

    assertThatThrownBy(() -> finder.find(DatabaseKind.POSTGRESQL))
        .isInstanceOf(AssertionError.class)
        .isNotInstanceOf(TestAbortedException.class)
        .hasMessageContaining("COMMITBENCH_IT_POSTGRESQL_URL is set, but")
        .hasMessageContaining("does not accept a login");
  }

  @Test
  void nothingFoundSkipsWithEveryReasonAndPrintsIt() throws Exception {
    int port = closedPort();
    DatabaseTargets finder = new DatabaseTargets(k -> null, k -> port, new ScriptedDocker("no engine (scripted)"));
    String expected = "skipped: no oracle target: no COMMITBENCH_IT_ORACLE_URL, no local service on 127.0.0.1:" + port
        + ", Docker unavailable: no engine (scripted)";

    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      assertThatThrownBy(() -> finder.requireTarget(DatabaseKind.ORACLE, null))
          .isInstanceOf(TestAbortedException.class)
          .hasMessageContaining(expected);
    } finally {
      System.setOut(stdout);
    }
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .isEqualTo(DatabaseTargets.LOG_PREFIX + expected + System.lineSeparator());
  }

  @Test
  void aContainerThatDoesNotStartIsAReasonToo() throws Exception {
    int port = closedPort();
    DockerTargets broken = new ScriptedDocker(null) {
      @Override
      public DatabaseTarget start(DatabaseKind kind, DockerImageName image) {
        throw new IllegalStateException("pull access denied (scripted)");
      }
    };
    DatabaseTargets finder = new DatabaseTargets(k -> null, k -> port, broken);

    assertThat(finder.find(DatabaseKind.ORACLE)).isEqualTo(new Missing("no COMMITBENCH_IT_ORACLE_URL, no local service on"
        + " 127.0.0.1:" + port + ", Docker is available but the container of " + TestImages.ORACLE
        + " did not start: pull access denied (scripted)"));
  }

  /** CI sets COMMITBENCH_IT_TARGET=container: a missing container fails the test, never falls back. */
  @Test
  void containerModeFailsRatherThanFallingBackToTheServices() {
    int port = closedPort();
    Map<String, String> env = Map.of(DatabaseTargets.TARGET_VARIABLE, "container");
    DatabaseTargets finder = new DatabaseTargets(env::get, k -> port, new ScriptedDocker("no engine (scripted)"));

    assertThatThrownBy(() -> finder.find(DatabaseKind.MARIADB)).isInstanceOf(AssertionError.class)
        .hasMessage("COMMITBENCH_IT_TARGET=container is set, but there is no mariadb container: Docker unavailable:"
            + " no engine (scripted)");
  }

  @Test
  void aLocalServiceThatRefusesTheLoginIsNamedInTheReason() throws Exception {
    try (java.net.Socket probe = new java.net.Socket()) {
      probe.connect(new java.net.InetSocketAddress("127.0.0.1", 5432), 1_000);
    } catch (IOException e) {
      String message = "skipped: no local PostgreSQL service on 127.0.0.1:5432 to refuse a login: " + e.getMessage();
      System.out.println(DatabaseTargets.LOG_PREFIX + message);
      Assumptions.abort(message);
    }
    Map<String, String> env = Map.of("COMMITBENCH_IT_POSTGRESQL_USER", "no_such_role_cbit");
    DatabaseTargets finder = new DatabaseTargets(env::get, DatabaseKind::standardPort, new ScriptedDocker("scripted"));

    Missing missing = (Missing) finder.find(DatabaseKind.POSTGRESQL);

    assertThat(missing.reason()).startsWith("no COMMITBENCH_IT_POSTGRESQL_URL, the local service on 127.0.0.1:5432"
        + " refused a login as no_such_role_cbit (").contains("no_such_role_cbit").endsWith("Docker unavailable: scripted");
  }

  /** A port nothing listens on (just released by the OS). */
  private static int closedPort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException("no free port", e);
    }
  }

  /** Docker as scripted: unavailable with {@code reason}, or (null) available but never asked to start. */
  private static class ScriptedDocker implements DockerTargets {
    private final String reason;

    ScriptedDocker(String reason) {
      this.reason = reason;
    }

    @Override
    public Optional<String> unavailableReason() {
      return Optional.ofNullable(reason);
    }

    @Override
    public DockerImageName image(DatabaseKind kind) {
      return TestImages.ORACLE;
    }

    @Override
    public DatabaseTarget start(DatabaseKind kind, DockerImageName image) {
      throw new AssertionError("no container may be started in this test");
    }
  }
}
