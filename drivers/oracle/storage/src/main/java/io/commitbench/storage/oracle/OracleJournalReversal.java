package io.commitbench.storage.oracle;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.relocate.JournaledRelocation;
import io.commitbench.storage.undo.JournalReversal;
import java.sql.Connection;
import java.time.Clock;
import java.util.Optional;

/**
 * An Oracle {@code relocate-log-oracle} journal, reversed online over SQL in the server's root
 * container ({@link OracleRedoRelocation#undo}), on a connection the journal cannot hold.
 */
public final class OracleJournalReversal implements JournalReversal {

  @Override
  public String operation() {
    return OracleRedoRelocation.OPERATION;
  }

  @Override
  public boolean overConnection() {
    return true;
  }

  @Override
  public Optional<String> help() {
    return Optional.of(OracleRedoRelocation.OPERATION + ": moves the online redo logs back to the old directory, with"
        + " the old size, block size and number of groups, online over SQL like the move itself: give --url (the"
        + " root container's service, CDB$ROOT), --user and --password-env or --password-file, as for"
        + " relocate-log. The members it drops are left on the database host and listed for the operator. Refused"
        + " (exit 2) when the journal shows no old group dropped (nothing to reverse).");
  }

  @Override
  public JournaledRelocation reverse(JournalReader.Contents journal, Optional<Connection> server,
      CommandRunner runner, Clock clock) throws RefusedException {
    return reverseOver(journal, server.map(JdbcOracleRedoCatalog::new), RedoPolling.standard());
  }

  /** {@link #reverse} over a given catalog and polling, such as a scripted model of the server in a test. */
  public JournaledRelocation reverseOver(JournalReader.Contents journal, Optional<OracleRedoCatalog> oracle,
      RedoPolling polling) throws RefusedException {
    return OracleRedoRelocation.undo(journal, oracle.orElseThrow(() -> new RefusedException(
        "cannot undo " + journal.file() + ": it records " + OracleRedoRelocation.OPERATION + ", which is reversed"
            + " over SQL; give a connection to the server's root container (CDB$ROOT)")), polling, Optional.empty());
  }
}
