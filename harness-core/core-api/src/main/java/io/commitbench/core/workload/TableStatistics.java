package io.commitbench.core.workload;

import io.commitbench.core.load.LoadStoppedException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * Refreshes the planner's statistics of freshly loaded tables ({@link
 * io.commitbench.core.dialect.Dialect#analyzeStatements}: {@code VACUUM ANALYZE} on PostgreSQL),
 * so that the first transactions of a run are planned on what the tables hold, not on the empty
 * tables they were created as.
 */
public final class TableStatistics {

  private TableStatistics() {}

  /**
   * Each table's statistics statements, one by one in autocommit on the admin connection (VACUUM
   * refuses a transaction block); the connection's own autocommit is put back after. A stop asked
   * for ends it between two statements with {@link LoadStoppedException}.
   *
   * @return how long it took, in nanoseconds
   */
  public static long refresh(LoadContext context) throws SQLException, LoadStoppedException {
    long start = System.nanoTime();
    Connection admin = context.admin();
    boolean autoCommit = admin.getAutoCommit();
    if (!autoCommit) {
      admin.setAutoCommit(true);
    }
    int statements = 0;
    try (Statement statement = admin.createStatement()) {
      for (SchemaTable table : context.tables()) {
        for (String sql : context.dialect().analyzeStatements(table.spec())) {
          if (context.stopRequested().getAsBoolean()) {
            String left = "load stopped before the statistics were refreshed: the rows and the keys are in";
            context.progress().accept(left);
            throw new LoadStoppedException(left);
          }
          statement.execute(sql);
          statements++;
        }
      }
    } finally {
      if (!autoCommit) {
        admin.setAutoCommit(false);
      }
    }
    long nanos = System.nanoTime() - start;
    if (statements > 0) {
      context.progress().accept(String.format(Locale.ROOT, "load: statistics of %d tables refreshed in %.1f s",
          context.tables().size(), nanos / 1e9));
    }
    return nanos;
  }
}
