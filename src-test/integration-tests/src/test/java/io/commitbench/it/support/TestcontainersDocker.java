package io.commitbench.it.support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.JdbcDatabaseContainer;
import org.testcontainers.containers.MariaDBContainer;
import org.testcontainers.containers.PostgreSQLContainer;
import org.testcontainers.oracle.OracleContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Containers through Testcontainers. Each container runs until the JVM ends (Testcontainers'
 * reaper removes it), so the tests of a build share one per kind. The administrator is a user
 * allowed to create users, since db-users mode needs that: the superuser {@code test} of the
 * postgres image, {@code root} of MariaDB, {@code system} of Oracle.
 */
final class TestcontainersDocker implements DockerTargets {

  @Override
  public Optional<String> unavailableReason() {
    boolean available;
    try {
      available = DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      return Optional.of("Testcontainers could not look for a Docker engine: " + DatabaseTargets.oneLine(e));
    }
    if (available) {
      return Optional.empty();
    }
    String dockerHost = System.getenv("DOCKER_HOST");
    String where = dockerHost != null ? "DOCKER_HOST=" + dockerHost + " does not answer"
        : Files.exists(Path.of("/var/run/docker.sock")) ? "/var/run/docker.sock exists but no engine answers on it"
        : "no DOCKER_HOST and no /var/run/docker.sock (no engine is running)";
    return Optional.of(where + "; Testcontainers found no valid Docker environment");
  }

  @Override
  public DockerImageName image(DatabaseKind kind) {
    return switch (kind) {
      case POSTGRESQL -> TestImages.POSTGRESQL;
      case MARIADB -> TestImages.MARIADB;
      case ORACLE -> TestImages.ORACLE;
      case H2 -> throw new IllegalArgumentException("H2 is embedded");
    };
  }

  @Override
  public DatabaseTarget start(DatabaseKind kind) {
    JdbcDatabaseContainer<?> container = switch (kind) {
      case POSTGRESQL -> new PostgreSQLContainer<>(image(kind));
      case MARIADB -> new MariaDBContainer<>(image(kind)).withUsername("root");
      case ORACLE -> new OracleContainer(image(kind));
      case H2 -> throw new IllegalArgumentException("H2 is embedded");
    };
    container.start();
    // gvenzl/oracle-free sets SYSTEM's password to the container's password.
    String user = kind == DatabaseKind.ORACLE ? "system" : container.getUsername();
    return new DatabaseTarget(kind, container.getJdbcUrl(), user, container.getPassword(), null,
        "container " + image(kind).asCanonicalNameString());
  }
}
