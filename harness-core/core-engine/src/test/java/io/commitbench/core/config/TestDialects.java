package io.commitbench.core.config;

import io.commitbench.core.dialect.Availability;
import io.commitbench.core.dialect.UnsupportedTestDialect;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.dialect.UrlAuthority;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Test doubles of the Dialect SPI for the configuration tests: they answer only what the binder
 * asks (name, accepted URLs, default URL, default user) and refuse everything that would touch a
 * database. They stand in for the driver modules, which harness-core does not depend on.
 */
final class TestDialects {

  private TestDialects() {}

  /** The registry most tests use: an embedded "h2" double and a server "postgresql" double. */
  static DialectRegistry registry() {
    return DialectRegistry.of(new EmbeddedH2TestDialect(), new ServerPostgresqlTestDialect());
  }

  /** Like H2: embedded, so it has a default URL under the directory it is given. */
  static final class EmbeddedH2TestDialect extends ConfigOnlyTestDialect {
    EmbeddedH2TestDialect() {
      super("h2", "jdbc:h2:", "sa");
    }

    @Override
    public Optional<String> defaultUrl(Path dataDirectory) {
      return Optional.of("jdbc:h2:file:" + dataDirectory + "/commitbench");
    }

    @Override
    public boolean isDefault() {
      return true;
    }
  }

  /** Like PostgreSQL: a server, so no default URL; hosts written as a URI authority. */
  static final class ServerPostgresqlTestDialect extends ConfigOnlyTestDialect {
    private static final String PREFIX = "jdbc:postgresql:";

    ServerPostgresqlTestDialect() {
      super("postgresql", PREFIX, "postgres");
    }

    @Override
    public Optional<UrlAuthority> urlAuthority(String jdbcUrl) {
      return UrlAuthority.parse(jdbcUrl.substring(PREFIX.length()));
    }
  }

  /**
   * Another embedded product whose name sorts before "h2": with no db.type and no db.url the
   * binder must still choose h2, as documented.
   */
  static final class EmbeddedDerbyTestDialect extends ConfigOnlyTestDialect {
    EmbeddedDerbyTestDialect() {
      super("derby", "jdbc:derby:", "app");
    }

    @Override
    public Optional<String> defaultUrl(Path dataDirectory) {
      return Optional.of("jdbc:derby:" + dataDirectory + "/commitbench;create=true");
    }
  }

  /** The parts of the SPI the binder uses; the rest fails loudly if anything calls it. */
  abstract static class ConfigOnlyTestDialect extends UnsupportedTestDialect {
    private final String urlPrefix;
    private final String defaultUser;

    ConfigOnlyTestDialect(String name, String urlPrefix, String defaultUser) {
      super(name);
      this.urlPrefix = urlPrefix;
      this.defaultUser = defaultUser;
    }

    @Override
    public boolean acceptsUrl(String jdbcUrl) {
      return jdbcUrl.startsWith(urlPrefix);
    }

    @Override
    public Availability availability() {
      return Availability.ok();
    }

    @Override
    public String defaultUser() {
      return defaultUser;
    }
  }
}
