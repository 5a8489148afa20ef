package io.commitbench.it.support;

import java.util.Locale;
import java.util.Properties;

/**
 * The database products the integration tests run against, with where each one's local service
 * listens when it is installed the usual way (Debian's PostgreSQL and MariaDB packages, an
 * Oracle Free on its listener port). H2 is embedded and needs no service.
 */
public enum DatabaseKind {
  POSTGRESQL(5432, "postgres") {
    @Override
    public String localUrl(String host, int port) {
      return "jdbc:postgresql://" + host + ":" + port + "/test";
    }

    @Override
    Properties probeProperties() {
      Properties p = new Properties();
      p.setProperty("connectTimeout", "3");
      p.setProperty("loginTimeout", "3");
      p.setProperty("socketTimeout", "10");
      return p;
    }
  },
  MARIADB(3306, "root") {
    @Override
    public String localUrl(String host, int port) {
      return "jdbc:mariadb://" + host + ":" + port + "/test";
    }

    @Override
    Properties probeProperties() {
      Properties p = new Properties();
      p.setProperty("connectTimeout", "3000");
      p.setProperty("socketTimeout", "10000");
      return p;
    }
  },
  ORACLE(1521, "system") {
    @Override
    public String localUrl(String host, int port) {
      return "jdbc:oracle:thin:@//" + host + ":" + port + "/FREEPDB1";
    }

    @Override
    Properties probeProperties() {
      Properties p = new Properties();
      p.setProperty("oracle.net.CONNECT_TIMEOUT", "3000");
      p.setProperty("oracle.jdbc.ReadTimeout", "10000");
      return p;
    }
  },
  /** Embedded: always available, in file mode in a directory the test owns. */
  H2(0, "sa") {
    @Override
    public String localUrl(String host, int port) {
      throw new UnsupportedOperationException("H2 is embedded; it has no local service");
    }

    @Override
    Properties probeProperties() {
      return new Properties();
    }
  };

  private final int standardPort;
  private final String adminUser;

  DatabaseKind(int standardPort, String adminUser) {
    this.standardPort = standardPort;
    this.adminUser = adminUser;
  }

  /** The {@code db.type} name: {@code postgresql}. */
  public String dbType() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The port the local service listens on when installed with its defaults. */
  public int standardPort() {
    return standardPort;
  }

  /** The user the local service is administered as (the dialect's default {@code db.user}). */
  public String adminUser() {
    return adminUser;
  }

  /** The name of an environment variable of this kind: {@code COMMITBENCH_IT_ORACLE_URL}. */
  public String variable(String suffix) {
    return "COMMITBENCH_IT_" + name() + "_" + suffix;
  }

  /** The JDBC URL of the local service's test database. */
  public abstract String localUrl(String host, int port);

  /** Driver settings that keep a probe short when nothing answers. */
  abstract Properties probeProperties();
}
