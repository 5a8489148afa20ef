package io.commitbench.core.run;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.h2.api.Trigger;

/** An H2 trigger that makes the first DELETE it sees fail, as a lost connection or deadlock would. */
public final class FailFirstDeleteTrigger implements Trigger {

  static final AtomicBoolean ARMED = new AtomicBoolean();

  @Override
  public void fire(Connection connection, Object[] oldRow, Object[] newRow) throws SQLException {
    if (ARMED.compareAndSet(true, false)) {
      throw new SQLException("delete refused once by the test trigger", "HY000", 0);
    }
  }
}
