package io.commitbench.core.environment;

import io.commitbench.core.dialect.UnsupportedTestDialect;
import io.commitbench.core.server.Fact;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * A dialect double that reports given server facts (or fails with a given exception) and refuses
 * everything else; {@code serverFacts} falls back to the SPI's default when given nothing.
 */
final class FactsOnlyTestDialect extends UnsupportedTestDialect {

  /** What {@link #serverFacts} does. */
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
  public List<Fact> serverFacts(Connection admin) throws SQLException {
    return facts == null ? super.serverFacts(admin) : facts.read(admin);
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
