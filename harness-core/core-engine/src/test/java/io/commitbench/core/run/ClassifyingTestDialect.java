package io.commitbench.core.run;

import io.commitbench.core.dialect.Availability;
import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.StandardErrors;
import io.commitbench.core.dialect.UnsupportedTestDialect;
import java.sql.SQLException;
import java.util.Properties;

/**
 * A test double of the Dialect SPI for actor tests: it classifies errors by the SQL standard
 * only; tables get the Dialect's standard DDL; everything else throws.
 */
class ClassifyingTestDialect extends UnsupportedTestDialect {

  ClassifyingTestDialect() {
    super("test");
  }

  @Override
  public String description() {
    return "classifies by SQLState only";
  }

  @Override
  public boolean acceptsUrl(String jdbcUrl) {
    return false;
  }

  @Override
  public Availability availability() {
    return Availability.ok();
  }

  @Override
  public String defaultUser() {
    return "sa";
  }

  @Override
  public Properties connectionProperties(ConnectionTimeouts timeouts) {
    return new Properties();
  }

  @Override
  public ErrorClass classify(SQLException error) {
    return StandardErrors.classify(error).orElse(ErrorClass.OTHER);
  }
}
