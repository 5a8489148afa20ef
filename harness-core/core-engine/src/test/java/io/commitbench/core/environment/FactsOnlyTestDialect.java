package io.commitbench.core.environment;

import io.commitbench.core.dialect.ServerReadings;
import io.commitbench.core.dialect.UnsupportedTestDialect;
import io.commitbench.core.server.Fact;
import io.commitbench.core.server.LogCounters;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * A dialect double that reports given server facts (or fails with a given exception) and refuses
 * everything else; {@code serverFacts} falls back to the SPI's default when given nothing.
 */
final class FactsOnlyTestDialect extends UnsupportedTestDialect {

  /** What {@link ServerReadings#serverFacts} does. */
  @FunctionalInterface
  interface Facts {
    List<Fact> read(Connection admin) throws SQLException;
  }

  private final Facts facts;

  FactsOnlyTestDialect(Facts facts) {
    super("facts-only");
    this.facts = facts;
  }

  @Override
  public ServerReadings server() {
    ServerReadings defaults = super.server();
    return facts == null ? defaults : new ServerReadings() {
      @Override
      public LogCounters logCounters() {
        return defaults.logCounters();
      }

      @Override
      public List<Fact> serverFacts(Connection admin) throws SQLException {
        return facts.read(admin);
      }
    };
  }

  @Override
  public String description() {
    return "facts only";
  }

  @Override
  public boolean acceptsUrl(String jdbcUrl) {
    return true;
  }
}
