package io.commitbench.it.support;

import io.commitbench.core.server.ContainerFacts;
import java.util.List;
import org.testcontainers.utility.DockerImageName;

/**
 * Every container image the integration tests may start: each kind's images as its
 * drivers/KIND/image/container.properties pins them, the default first, so a new image version is
 * a reviewed change of that one file and never arrives with a pull. The images whose recipe names
 * a Debian suite are built locally by {@code scripts/containers/build-images.sh} under these tags,
 * which no registry has, so the default pull policy finds them locally and never pulls.
 */
public final class TestImages {

  /** The server version of the default targets, Debian 12's local services (PostgreSQL 15). */
  public static final DockerImageName POSTGRESQL = defaultImage(DatabaseKind.POSTGRESQL);

  /** The server version of the default targets, Debian 12's local services (MariaDB 10.11). */
  public static final DockerImageName MARIADB = defaultImage(DatabaseKind.MARIADB);

  /** Oracle Database 23 Free, with the FREEPDB1 pluggable database the Oracle dialect expects. */
  public static final DockerImageName ORACLE = defaultImage(DatabaseKind.ORACLE);

  /** The image a kind's containers start from unless a test asks for another column of the matrix. */
  public static DockerImageName defaultImage(DatabaseKind kind) {
    return DockerImageName.parse(facts(kind).defaultImage());
  }

  /**
   * The images a version-matrix test runs against, the default first: a test parameterised by
   * column asks {@link DatabaseTargets#requireVersion} for its target. None for an embedded kind.
   */
  public static List<DockerImageName> matrix(DatabaseKind kind) {
    return kind.container().map(facts -> facts.tags().stream().map(DockerImageName::parse).toList())
        .orElse(List.of());
  }

  /**
   * Whether scripts/containers/build-images.sh builds this kind's images, so that in container
   * mode a missing one is a failure; an image without a recipe (Oracle's cannot be built without a
   * registry) is skipped with that reason.
   */
  public static boolean builtHere(DatabaseKind kind) {
    return kind.container().map(ContainerFacts::builtHere).orElse(false);
  }

  private static ContainerFacts facts(DatabaseKind kind) {
    return kind.container()
        .orElseThrow(() -> new IllegalArgumentException(kind.dbType() + " is embedded; it has no image"));
  }

  private TestImages() {}
}
