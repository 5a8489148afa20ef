package io.commitbench.it.support;

import org.testcontainers.utility.DockerImageName;

/**
 * Every container image the integration tests may start, pinned to one tag in this one place,
 * so a new image version is a reviewed change and never arrives with a pull.
 */
public final class TestImages {

  /** The server version the local lab service runs (PostgreSQL 15). */
  public static final DockerImageName POSTGRESQL = DockerImageName.parse("postgres:15-alpine");

  /** The server version the local lab service runs (MariaDB 10.11). */
  public static final DockerImageName MARIADB = DockerImageName.parse("mariadb:10.11");

  /** Oracle Database 23 Free, with the FREEPDB1 pluggable database the Oracle dialect expects. */
  public static final DockerImageName ORACLE = DockerImageName.parse("gvenzl/oracle-free:23-slim-faststart");

  private TestImages() {}
}
