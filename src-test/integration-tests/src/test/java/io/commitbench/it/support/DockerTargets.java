package io.commitbench.it.support;

import java.util.Optional;
import org.testcontainers.utility.DockerImageName;

/** The last resort of {@link DatabaseTargets}: a database in a container. */
public interface DockerTargets {

  /** Empty when a Docker engine answers; else why not, in one line. */
  Optional<String> unavailableReason();

  /** The image a kind's container runs. */
  DockerImageName image(DatabaseKind kind);

  /**
   * Starts a container of {@code image} (a server of {@code kind}) and returns its administrator login.
   *
   * @throws RuntimeException when the image is missing or the container does not start
   */
  DatabaseTarget start(DatabaseKind kind, DockerImageName image);
}
