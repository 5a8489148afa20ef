package io.commitbench.it.support;

import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.server.ContainerFacts;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * The database products the integration tests run against. Each one's facts are the kind's own,
 * asked of its dialect and of its drivers/KIND/image/container.properties: the administrator (the
 * dialect's default user), where a local service listens when it is installed the usual way (the
 * container's port) and the URL of its test database. H2 is embedded, has no container and needs
 * no service.
 */
public enum DatabaseKind {
  POSTGRESQL,
  MARIADB,
  ORACLE,
  /** Embedded: always available, in file mode in a directory the test owns. */
  H2;

  /** A probe's timeouts: short when nothing answers. */
  private static final ConnectionTimeouts PROBE_TIMEOUTS = new ConnectionTimeouts(3, 10);

  /** The {@code db.type} name: {@code postgresql}. */
  public String dbType() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The kind's dialect, found on the test classpath as the harness finds it. */
  public Dialect dialect() {
    return Dialects.REGISTRY.byName(dbType())
        .orElseThrow(() -> new IllegalStateException("no dialect " + dbType() + " on the test classpath"));
  }

  /** What the kind's container.properties says; empty for an embedded kind. */
  public Optional<ContainerFacts> container() {
    return ContainerFacts.of(dbType(), DatabaseKind.class.getClassLoader());
  }

  /** The port the local service listens on when installed with its defaults; 0 for an embedded kind. */
  public int standardPort() {
    return container().map(ContainerFacts::port).orElse(0);
  }

  /** The user the local service is administered as: the dialect's default {@code db.user}. */
  public String adminUser() {
    return dialect().defaultUser();
  }

  /** The name of an environment variable of this kind: {@code COMMITBENCH_IT_ORACLE_URL}. */
  public String variable(String suffix) {
    return "COMMITBENCH_IT_" + name() + "_" + suffix;
  }

  /** The JDBC URL of the local service's test database. */
  public String localUrl(String host, int port) {
    return container().map(facts -> facts.jdbcUrl(host, port))
        .orElseThrow(() -> new UnsupportedOperationException(dbType() + " is embedded; it has no local service"));
  }

  /** The driver settings of a probe: the dialect's, with timeouts that keep it short when nothing answers. */
  Properties probeProperties() {
    return dialect().connectionProperties(PROBE_TIMEOUTS);
  }

  /** Loaded once: the registry is the same for every kind and test. */
  private static final class Dialects {
    static final DialectRegistry REGISTRY = DialectRegistry.load(DatabaseKind.class.getClassLoader());
  }
}
