package io.commitbench.it.support;

import org.testcontainers.utility.DockerImageName;

/**
 * Every container image the integration tests may start, pinned to one tag in this one place,
 * so a new image version is a reviewed change and never arrives with a pull. PostgreSQL and MariaDB
 * are built locally by {@code scripts/containers/build-images.sh} under these tags, which no
 * registry has, so the default pull policy finds them locally and never pulls.
 */
public final class TestImages {

  /** The server version of the default targets, Debian 12's local services (PostgreSQL 15). */
  public static final DockerImageName POSTGRESQL = DockerImageName.parse("postgres:15-bookworm");

  /** The server version of the default targets, Debian 12's local services (MariaDB 10.11). */
  public static final DockerImageName MARIADB = DockerImageName.parse("mariadb:10.11-bookworm");

  /** Oracle Database 23 Free, with the FREEPDB1 pluggable database the Oracle dialect expects. */
  public static final DockerImageName ORACLE = DockerImageName.parse("gvenzl/oracle-free:23-slim-faststart");

  /** The second column of the version matrix: PostgreSQL 17, built from Debian trixie. */
  public static final DockerImageName POSTGRESQL_NEXT = DockerImageName.parse("postgres:17-trixie");

  /** The second column of the version matrix: MariaDB 11.8, built from Debian trixie. */
  public static final DockerImageName MARIADB_NEXT = DockerImageName.parse("mariadb:11.8-trixie");

  /**
   * The images a version-matrix test runs against, the default first: a test parameterised by
   * column asks {@link DatabaseTargets#requireVersion} for its target.
   */
  public static java.util.List<DockerImageName> matrix(DatabaseKind kind) {
    return switch (kind) {
      case POSTGRESQL -> java.util.List.of(POSTGRESQL, POSTGRESQL_NEXT);
      case MARIADB -> java.util.List.of(MARIADB, MARIADB_NEXT);
      case ORACLE -> java.util.List.of(ORACLE);
      case H2 -> java.util.List.of();
    };
  }

  /**
   * Whether scripts/containers/build-images.sh builds this kind's images, so that in container
   * mode a missing one is a failure; Oracle's cannot be built without a registry, and its tests
   * are skipped with that reason.
   */
  public static boolean builtHere(DatabaseKind kind) {
    return kind == DatabaseKind.POSTGRESQL || kind == DatabaseKind.MARIADB;
  }

  private TestImages() {}
}
