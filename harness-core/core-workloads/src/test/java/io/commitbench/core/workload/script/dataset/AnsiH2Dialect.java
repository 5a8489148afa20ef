package io.commitbench.core.workload.script.dataset;

import io.commitbench.core.dialect.Availability;
import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.dialect.Users;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * The SPI's defaults (the standard's SQL, JDBC batches for a load) on embedded H2, whose own
 * dialect lives in a module that builds after this one; with H2's {@code ANALYZE TABLE} as its
 * statistics statement and its schema changes one at a time, as H2's dialect has them, so a load
 * runs those steps too. What a load does not ask fails loudly. Public for the load tests of the
 * other workloads.
 */
public final class AnsiH2Dialect implements Dialect {

  @Override
  public String name() {
    return "ansi-h2";
  }

  @Override
  public String description() {
    return "the SPI's defaults on embedded H2";
  }

  @Override
  public boolean acceptsUrl(String jdbcUrl) {
    return jdbcUrl.startsWith("jdbc:h2:");
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
    throw new UnsupportedOperationException("connectionProperties: not part of a load");
  }

  @Override
  public List<String> analyzeStatements(TableSpec table) {
    return List.of("ANALYZE TABLE " + table.qualifiedName());
  }

  /** As H2's dialect: H2 locks its catalog while a CREATE INDEX runs. */
  @Override
  public boolean schemaChangesInParallel() {
    return false;
  }

  @Override
  public ErrorClass classify(SQLException error) {
    throw new UnsupportedOperationException("classify: not part of a load");
  }

  @Override
  public Users users() {
    throw new UnsupportedOperationException("users: not part of a load");
  }
}
