package io.commitbench.it.support;

import com.github.dockerjava.api.exception.NotFoundException;
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

  /** How a container target's origin begins. */
  static final String ORIGIN = "container ";

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
    return TestImages.defaultImage(kind);
  }

  /**
   * Where the containers' password comes from (failsafe sets it): a recognisable one, not
   * Testcontainers' "test", which is also the database's name and the user's, so that a test
   * asserting that the password appears nowhere could not tell a leak from the URL. Runs get it
   * by this variable's name (db.password.env), as a user's would.
   */
  static final String PASSWORD_VARIABLE = "COMMITBENCH_IT_CONTAINER_PASSWORD";
  private static final String PASSWORD = Optional.ofNullable(System.getenv(PASSWORD_VARIABLE))
      .orElseGet(() -> "cbpw" + Long.toHexString(new java.security.SecureRandom().nextLong() >>> 1));

  @Override
  public DatabaseTarget start(DatabaseKind kind, DockerImageName image) {
    requireLocalImage(image);
    JdbcDatabaseContainer<?> container = switch (kind) {
      // Testcontainers starts PostgreSQL with fsync=off; commits are what is measured here, so the
      // server runs as configured, like a local service.
      case POSTGRESQL -> new PostgreSQLContainer<>(image).withPassword(PASSWORD).withCommand("postgres");
      case MARIADB -> new MariaDBContainer<>(image).withUsername(kind.adminUser()).withPassword(PASSWORD);
      case ORACLE -> new OracleContainer(image);
      case H2 -> throw new IllegalArgumentException("H2 is embedded");
    };
    container.start();
    // gvenzl/oracle-free sets SYSTEM's password, the dialect's default user's, to the container's password.
    String user = kind == DatabaseKind.ORACLE ? kind.adminUser() : container.getUsername();
    String variable = kind != DatabaseKind.ORACLE && PASSWORD.equals(System.getenv(PASSWORD_VARIABLE))
        ? PASSWORD_VARIABLE : null;
    return new DatabaseTarget(kind, container.getJdbcUrl(), user, container.getPassword(), variable,
        ORIGIN + image.asCanonicalNameString());
  }

  /** No registry is assumed: an image not built locally would only fail after a slow pull. */
  private static void requireLocalImage(DockerImageName image) {
    localImageMissing(image).ifPresent(reason -> {
      throw new IllegalStateException(reason);
    });
  }

  /**
   * Why {@code image} cannot start here without a pull (Testcontainers would try one for minutes
   * on a machine without a registry), or empty when the engine has it.
   */
  static Optional<String> localImageMissing(DockerImageName image) {
    try {
      DockerClientFactory.lazyClient().inspectImageCmd(image.asCanonicalNameString()).exec();
      return Optional.empty();
    } catch (NotFoundException e) {
      return Optional.of("image " + image.asCanonicalNameString() + " is not on this engine (no registry here;"
          + " scripts/containers/build-images.sh builds the images drivers/KIND/image/ has a recipe for)");
    }
  }
}
