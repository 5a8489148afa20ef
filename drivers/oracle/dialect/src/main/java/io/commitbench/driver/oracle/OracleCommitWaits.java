package io.commitbench.driver.oracle;

import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.CommitWaitContext;
import io.commitbench.core.breakdown.CommitWaits;
import io.commitbench.core.server.RowSource;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Oracle's own view of where commits wait: the instance's wait events {@code log file sync} and
 * {@code log file parallel write} (V$SYSTEM_EVENT, V$EVENT_HISTOGRAM) over the window; see {@link
 * OracleWaitSource} for what each becomes. Needs what the redo counters need (SELECT_CATALOG_ROLE
 * or SELECT ANY DICTIONARY) and {@code timed_statistics} TRUE. Stateless.
 */
final class OracleCommitWaits implements CommitWaits {

  @Override
  public CommitTimeSource open(CommitWaitContext context) throws SQLException {
    Connection connection = context.admin().open();
    try {
      return OracleWaitSource.open(RowSource.of(connection), connection::close);
    } catch (SQLException | RuntimeException e) {
      connection.close();
      throw e;
    }
  }
}
