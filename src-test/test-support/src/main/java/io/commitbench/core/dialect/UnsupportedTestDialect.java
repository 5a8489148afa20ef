package io.commitbench.core.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * Base of the SPI's test doubles: every method a test does not override fails loudly, naming the
 * double and the method, so a test never runs on behaviour nobody wrote for it.
 */
public abstract class UnsupportedTestDialect implements Dialect {

  private final String name;

  protected UnsupportedTestDialect(String name) {
    this.name = name;
  }

  protected final UnsupportedOperationException notPartOfThisTest(String method) {
    return new UnsupportedOperationException("test double " + name + ": " + method + " is not part of this test");
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return name + " test double";
  }

  @Override
  public boolean acceptsUrl(String jdbcUrl) {
    throw notPartOfThisTest("acceptsUrl");
  }

  @Override
  public Availability availability() {
    throw notPartOfThisTest("availability");
  }

  @Override
  public String defaultUser() {
    throw notPartOfThisTest("defaultUser");
  }

  @Override
  public Properties connectionProperties(ConnectionTimeouts timeouts) {
    throw notPartOfThisTest("connectionProperties");
  }

  /** Users whose every method fails loudly as well. */
  @Override
  public Users users() {
    return new Users() {
      @Override
      public boolean canCreateUsers(Connection admin) {
        throw notPartOfThisTest("canCreateUsers");
      }

      @Override
      public List<DbObject> usersStartingWith(Connection admin, String prefix) {
        throw notPartOfThisTest("usersStartingWith");
      }

      @Override
      public List<String> createUserStatements(DbUser user, int quotaMegabytes) {
        throw notPartOfThisTest("createUserStatements");
      }

      @Override
      public List<String> grantStatements(DbUser user, TableSpec table) {
        throw notPartOfThisTest("grantStatements");
      }

      @Override
      public List<String> dropUserStatements(DbUser user) {
        throw notPartOfThisTest("dropUserStatements");
      }
    };
  }

  @Override
  public ErrorClass classify(SQLException error) {
    throw notPartOfThisTest("classify");
  }
}
