package io.commitbench.core.server;

import io.commitbench.core.dialect.Availability;
import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.TableSpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * A dialect double that reports given server facts (or fails with a given exception) and refuses
 * everything else; {@code serverFacts} falls back to the SPI's default when given nothing.
 */
final class FactsOnlyTestDialect implements Dialect {

  /** What {@link #serverFacts} does. */
  @FunctionalInterface
  interface Facts {
    List<Fact> read(Connection admin) throws SQLException;
  }

  private final Facts facts;

  FactsOnlyTestDialect(Facts facts) {
    this.facts = facts;
  }

  @Override
  public List<Fact> serverFacts(Connection admin) throws SQLException {
    return facts == null ? Dialect.super.serverFacts(admin) : facts.read(admin);
  }

  @Override
  public String name() {
    return "facts-only";
  }

  @Override
  public String description() {
    return "facts only";
  }

  @Override
  public boolean acceptsUrl(String jdbcUrl) {
    return true;
  }

  @Override
  public Availability availability() {
    throw new UnsupportedOperationException();
  }

  @Override
  public String defaultUser() {
    throw new UnsupportedOperationException();
  }

  @Override
  public Properties connectionProperties(ConnectionTimeouts timeouts) {
    throw new UnsupportedOperationException();
  }

  @Override
  public List<String> createTableStatements(TableSpec table) {
    throw new UnsupportedOperationException();
  }

  @Override
  public List<String> dropTableStatements(TableSpec table) {
    throw new UnsupportedOperationException();
  }

  @Override
  public boolean canCreateUsers(Connection admin) {
    throw new UnsupportedOperationException();
  }

  @Override
  public List<String> createUserStatements(DbUser user, int quotaMegabytes) {
    throw new UnsupportedOperationException();
  }

  @Override
  public List<String> grantStatements(DbUser user, TableSpec table) {
    throw new UnsupportedOperationException();
  }

  @Override
  public List<String> dropUserStatements(DbUser user) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ErrorClass classify(SQLException error) {
    throw new UnsupportedOperationException();
  }
}
