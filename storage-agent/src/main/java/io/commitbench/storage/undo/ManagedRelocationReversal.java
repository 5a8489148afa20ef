package io.commitbench.storage.undo;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.relocate.JournaledRelocation;
import io.commitbench.storage.relocate.ManagedLogRelocation;
import io.commitbench.storage.relocate.RelocationUndo;
import java.sql.Connection;
import java.time.Clock;
import java.util.Optional;

/**
 * A managed instance's {@code relocate-log}, reversed on the instance through its own programs,
 * or recovered when its process died before the journal ended ({@link RelocationUndo}).
 */
public final class ManagedRelocationReversal implements JournalReversal {

  @Override
  public String operation() {
    return ManagedLogRelocation.OPERATION;
  }

  @Override
  public JournaledRelocation reverse(JournalReader.Contents journal, Optional<Connection> server,
      CommandRunner runner, Clock clock) throws RefusedException {
    return RelocationUndo.reverse(journal, runner, clock);
  }
}
